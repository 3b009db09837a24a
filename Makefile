# Places — the two commands a person needs:
#   make run    installs what is missing, builds, launches the app on the bundled data
#   make test   installs what is missing, builds, runs every test (GUI tests under Xvfb)
# plus: make install PREFIX=..., make deb, make bench, make docs, make fuzz, make screenshots, make data,
# make clean.

SWIFT      ?= swift
PREFIX     ?= /usr/local
APP_ID     := io.github.swiftplaces.Places
# Debian 12 packages: GTK 4, libadwaita, libxml2, SQLite (MBTiles) and zlib (PMTiles' directories) headers;
# libsoup 3 and glib-networking (online tiles over HTTPS; loaded at run time, so no headers), a virtual X server, real input, screenshots, a
# session bus, fonts, the accessibility bus with its Python client (GUI tests read the window as a screen reader does),
# gettext's tools (translations), Debian's packaging tools (make deb computes Depends, the
# packaging test runs lintian), GNU time (benchmarks read a command's peak memory from it), and GDAL's
# and GPSBabel's tools (tests check that they read what Places exports), and Syncthing (tests carry
# two computers' libraries through it, on 127.0.0.1 only); PLACES_REQUIRE_TOOLS makes those tests
# fail, not skip, without them.
APT_PACKAGES := libgtk-4-dev libadwaita-1-dev libxml2-dev libsqlite3-dev zlib1g-dev libsoup-3.0-0 glib-networking xvfb xauth xdotool imagemagick dbus dbus-x11 fonts-dejavu-core \
                at-spi2-core python3-pyatspi gir1.2-atspi-2.0 locales gettext dpkg-dev lintian time gdal-bin gpsbabel zip syncthing
# For make bench only: libshumate, to measure Places' vector tile renderer against GNOME Maps' (vector-bench),
# and GNOME Maps itself, timed showing the same files of points as Places (gui-bench peers).
BENCH_PACKAGES := libshumate-dev gnome-maps
# Locales the tests run under (number formats, comma decimal separators, units).
LOCALES    := en_US.UTF-8 en_GB.UTF-8 de_DE.UTF-8 fr_FR.UTF-8
SUDO       := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
# The virtual display every GUI run uses (tools/gui-tests.sh reads it from the environment too).
export XVFB_SCREEN := -screen 0 1280x900x24 -nolisten tcp
XVFB       := tools/own-session.sh xvfb-run -a -s "$(XVFB_SCREEN)" dbus-run-session --
BIN         = $(shell $(SWIFT) build --show-bin-path)
RELEASE_BIN = $(shell $(SWIFT) build -c release --show-bin-path)
# What make install and make deb ship: a release build with the Swift runtime, Foundation and Dispatch
# linked in (see the README's "Installing") and its relocations read-only once loaded (-z now, as
# Debian's hardening asks), in its own build folder so benchmarks keep theirs.
DIST_BUILD  = $(SWIFT) build -c release --static-swift-stdlib -Xlinker -z -Xlinker now --scratch-path .build/dist

.PHONY: all deps mo pot check-po build run test test-headless test-standalone test-gui test-packaging docs fuzz install uninstall deb bench \
        screenshots data clean

all: build

# Installs only what is missing; with everything present it takes a fraction of a second.
deps:
	@missing=""; for p in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  $(SUDO) apt-get update -qq && \
	  $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing >/dev/null; \
	fi
	@missing=""; for l in $(LOCALES); do \
	  locale -a 2>/dev/null | grep -qix "$$(echo $$l | sed 's/UTF-8/utf8/')" || missing="$$missing $$l"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Generating locales:$$missing"; \
	  for l in $$missing; do echo "$$l UTF-8" | $(SUDO) tee -a /etc/locale.gen >/dev/null; done; \
	  $(SUDO) locale-gen >/dev/null; \
	fi

# Translations: po/LL.po compiled into the build tree (.build/locale), where places finds them when it
# runs from the build tree; make install puts them in PREFIX/share/locale.
LINGUAS  := $(basename $(notdir $(wildcard po/*.po)))
MO_FILES := $(LINGUAS:%=.build/locale/%/LC_MESSAGES/places.mo)
.build/locale/%/LC_MESSAGES/places.mo: po/%.po
	@mkdir -p $(dir $@)
	msgfmt --check -o $@ $<
mo: deps $(MO_FILES)

# po/places.pot again from the sources (after changing a message), then every translation merged with it.
pot:
	tools/update-pot.sh
	for l in $(LINGUAS); do msgmerge --quiet --update --backup=none po/$$l.po po/places.pot; done

# The template matches the sources, and every translation is complete: no message untranslated or fuzzy.
check-po:
	tools/check-po.sh

build: mo
	$(SWIFT) build

run: mo
	$(SWIFT) build --product places
	$(BIN)/places

test: mo
	$(SWIFT) build --build-tests
	$(MAKE) --no-print-directory check-po test-headless test-standalone docs test-gui test-packaging

# Every suite without a display: GUI suites report themselves skipped; the GDAL and GPSBabel ones run.
test-headless:
	env -u DISPLAY -u WAYLAND_DISPLAY PLACES_REQUIRE_TOOLS=1 $(SWIFT) test --skip-build

# A package that depends only on the Multicast product, built and tested with GTK's development files
# hidden: Multicast must build on a machine without them.
CONSUMER := Tests/StandaloneConsumer
test-standalone:
	tools/without-gtk-dev.sh sh -c '$(SWIFT) build --package-path $(CONSUMER) --build-tests && \
	  $(SWIFT) test --package-path $(CONSUMER) --skip-build'

# Multicast's DocC catalog as static HTML in .build/docs/multicast (serve .build/docs with any web server,
# e.g. python3 -m http.server -d .build/docs, and open /multicast/documentation/multicast/); any DocC
# warning fails the build.
docs:
	mkdir -p .build/docs
	$(SWIFT) package --allow-writing-to-directory .build/docs generate-documentation --target Multicast \
	  --output-path .build/docs/multicast --transform-for-static-hosting --hosting-base-path multicast \
	  --warnings-as-errors

# The GUI suites again, with a real (virtual) display and a session bus; PLACES_REQUIRE_DISPLAY makes
# them fail, not skip, if GTK cannot open it. Two shards run side by side, each on its own display
# (tools/gui-tests.sh); GUI_SHARD names the longest suites, about half the time, and every other suite
# runs in the other shard. Bounded in time like every GUI run.
GUI_SHARD := GUITests/(SecondHourTests|MapLayersTests|BackupWindowTests|SyncFolderWindowTests|ExportDialogTests)/
test-gui:
	tools/gui-tests.sh '$(GUI_SHARD)'

install: mo
	$(DIST_BUILD) --product places
	install -Dm755 $$($(DIST_BUILD) --show-bin-path)/places $(DESTDIR)$(PREFIX)/bin/places
	strip --remove-section=.comment --remove-section=.note $(DESTDIR)$(PREFIX)/bin/places
	install -d $(DESTDIR)$(PREFIX)/share/places
	install -m644 data/world.bin data/detail.bin data/places.geojson data/cities.tsv data/gazetteer.bin data/ATTRIBUTION.md $(DESTDIR)$(PREFIX)/share/places/
	install -Dm644 data/$(APP_ID).desktop $(DESTDIR)$(PREFIX)/share/applications/$(APP_ID).desktop
	install -Dm644 data/$(APP_ID).svg $(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/$(APP_ID).svg
	install -Dm644 data/$(APP_ID).metainfo.xml $(DESTDIR)$(PREFIX)/share/metainfo/$(APP_ID).metainfo.xml
	install -Dm644 data/places.1 $(DESTDIR)$(PREFIX)/share/man/man1/places.1
	for l in $(LINGUAS); do \
	  install -Dm644 .build/locale/$$l/LC_MESSAGES/places.mo $(DESTDIR)$(PREFIX)/share/locale/$$l/LC_MESSAGES/places.mo; \
	done

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/places
	rm -rf $(DESTDIR)$(PREFIX)/share/places
	rm -f $(DESTDIR)$(PREFIX)/share/applications/$(APP_ID).desktop
	rm -f $(DESTDIR)$(PREFIX)/share/icons/hicolor/scalable/apps/$(APP_ID).svg
	rm -f $(DESTDIR)$(PREFIX)/share/metainfo/$(APP_ID).metainfo.xml
	rm -f $(DESTDIR)$(PREFIX)/share/man/man1/places.1
	for l in $(LINGUAS); do rm -f $(DESTDIR)$(PREFIX)/share/locale/$$l/LC_MESSAGES/places.mo; done

# build/places_VERSION_ARCH.deb, laid out as make install PREFIX=/usr lays it out (tools/make-deb.sh).
deb: deps
	rm -rf build/deb-root
	$(MAKE) --no-print-directory install DESTDIR=$(CURDIR)/build/deb-root PREFIX=/usr
	tools/make-deb.sh $(CURDIR)/build/deb-root

# make install and make uninstall into a temporary prefix, then the .deb: lintian, apt-get install,
# places run from /usr/bin with the Swift toolchain hidden, apt-get purge (tools/test-packaging.sh).
test-packaging: deb
	$(SUDO) tools/test-packaging.sh

# Release-mode benchmarks; each reports ratios against a baseline measured in the same run.
# Multicast's benchmark runs from a separate package (Benchmarks/ExternalClient), as the library's users
# build it, in Swift 6 and Swift 5 language modes.
EXTERNAL := Benchmarks/ExternalClient
EXTERNAL_BIN = $(shell $(SWIFT) build -c release --package-path $(EXTERNAL) --show-bin-path)
# vector-bench compares with libshumate's vector renderer: Debian 12 builds libshumate without it, and the
# row says so; SHUMATE_LIBDIR names the folder of a libshumate built with -Dvector_renderer=true instead.
bench: deps
	@$(MAKE) --no-print-directory deps APT_PACKAGES="$(BENCH_PACKAGES)"
	$(SWIFT) build -c release --package-path $(EXTERNAL)
	$(EXTERNAL_BIN)/multicast-bench
	$(EXTERNAL_BIN)/multicast-bench-swift5
	$(SWIFT) build -c release
	$(DIST_BUILD) --product places
	$(RELEASE_BIN)/geo-bench
	PLACES_BIN=$$($(DIST_BUILD) --show-bin-path)/places $(RELEASE_BIN)/places-bench
	mkdir -p .build/bench && cc -O2 -o .build/bench/shumate-bench Benchmarks/VectorBench/shumate-bench.c $$(pkg-config --cflags --libs shumate-1.0 libsoup-3.0)
	LD_LIBRARY_PATH=$(SHUMATE_LIBDIR) $(RELEASE_BIN)/vector-bench .build/bench/shumate-bench
	timeout 2700 $(XVFB) $(RELEASE_BIN)/gui-bench

# Every parser under libFuzzer and AddressSanitizer, FUZZ_RUNS inputs each from a fixed seed; findings go
# to artifacts/fuzz (see tools/fuzz.sh).
FUZZ_RUNS ?= 200000
fuzz: deps
	tools/fuzz.sh $(FUZZ_RUNS)

# The README's screenshots, taken by the app itself (places --screenshot).
screenshots: build
	$(XVFB) tools/screenshots.sh $(BIN) docs

# Regenerates data/ from Debian's libmagics++-data and PyPI's airportsdata (see data/README.md).
data:
	python3 tools/make_data.py

clean:
	rm -rf .build artifacts build
