/* shumate-bench: libshumate's vector renderer (Debian 12's libshumate 1.0.3, GNOME Maps' own) drawing
 * the tiles vector-bench names, in the MapLibre style vector-bench writes from Places' own style, so
 * that both draw the same rules. Each tile is fetched from vector-bench's server on 127.0.0.1 (the only
 * source libshumate 1.0's vector renderer takes is a URL template), so the fetch alone is timed too.
 *
 * Usage: shumate-bench STYLE.json ROUNDS OUT.png Z/X/Y...
 * Prints one line: "tiles N render_ms_median R fetch_ms_median F rss_mb M". */
#include <shumate/shumate.h>
#include <libsoup/soup.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static GMainLoop *loop;
static gboolean failed;

static void
filled (GObject *source, GAsyncResult *result, gpointer data)
{
  g_autoptr (GError) error = NULL;
  if (!shumate_map_source_fill_tile_finish (SHUMATE_MAP_SOURCE (source), result, &error))
    {
      g_printerr ("shumate-bench: %s\n", error->message);
      failed = TRUE;
    }
  g_main_loop_quit (loop);
}

static int
compare (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return x < y ? -1 : x > y;
}

static double
median (double *values, int count)
{
  qsort (values, count, sizeof (double), compare);
  return count == 0 ? 0 : values[count / 2];
}

static long
resident_kb (void)
{
  FILE *status = fopen ("/proc/self/status", "r");
  char line[256];
  long kb = 0;
  while (status && fgets (line, sizeof line, status))
    if (strncmp (line, "VmRSS:", 6) == 0)
      kb = atol (line + 6);
  if (status)
    fclose (status);
  return kb;
}

int
main (int argc, char **argv)
{
  g_autofree char *style = NULL;
  g_autoptr (GError) error = NULL;
  if (argc < 5 || !g_file_get_contents (argv[1], &style, NULL, &error))
    {
      g_printerr ("usage: shumate-bench STYLE.json ROUNDS OUT.png Z/X/Y...\n");
      return 2;
    }
  if (!shumate_vector_renderer_is_supported ())
    {
      g_printerr ("shumate-bench: this libshumate is built without its vector renderer\n");
      return 1;
    }
  g_autoptr (ShumateVectorRenderer) renderer = shumate_vector_renderer_new ("bench", style, &error);
  if (renderer == NULL)
    {
      g_printerr ("shumate-bench: the style is refused: %s\n", error->message);
      return 1;
    }
  int rounds = atoi (argv[2]), tiles = argc - 4;
  loop = g_main_loop_new (NULL, FALSE);
  double *render = g_new0 (double, rounds * tiles), *fetch = g_new0 (double, rounds * tiles);
  g_autoptr (SoupSession) session = soup_session_new ();
  g_autofree char *template = NULL;
  /* The URL template, read back from the style's only source, for the fetch-alone timing. */
  char *start = strstr (style, "http://");
  char *end = start ? strchr (start, '"') : NULL;
  if (start && end)
    template = g_strndup (start, end - start);
  for (int round = 0; round < rounds; round++)
    for (int i = 0; i < tiles; i++)
      {
        int z, x, y;
        if (sscanf (argv[4 + i], "%d/%d/%d", &z, &x, &y) != 3)
          return 2;
        g_autoptr (ShumateTile) tile = shumate_tile_new_full (x, y, 256, z);
        gint64 began = g_get_monotonic_time ();
        shumate_map_source_fill_tile_async (SHUMATE_MAP_SOURCE (renderer), tile, NULL, filled, NULL);
        g_main_loop_run (loop);
        render[round * tiles + i] = (g_get_monotonic_time () - began) / 1000.0;
        if (failed)
          return 1;
        if (round == rounds - 1 && i == 0)
          {
            GdkPaintable *paintable = shumate_tile_get_paintable (tile);
            if (GDK_IS_TEXTURE (paintable))
              gdk_texture_save_to_png (GDK_TEXTURE (paintable), argv[3]);
          }
        if (template)
          {
            g_autoptr (GString) url = g_string_new (template);
            char number[16];
            g_snprintf (number, sizeof number, "%d", z);
            g_string_replace (url, "{z}", number, 0);
            g_snprintf (number, sizeof number, "%d", x);
            g_string_replace (url, "{x}", number, 0);
            g_snprintf (number, sizeof number, "%d", y);
            g_string_replace (url, "{y}", number, 0);
            g_autoptr (SoupMessage) message = soup_message_new ("GET", url->str);
            began = g_get_monotonic_time ();
            g_autoptr (GBytes) body = soup_session_send_and_read (session, message, NULL, NULL);
            fetch[round * tiles + i] = (g_get_monotonic_time () - began) / 1000.0;
          }
      }
  printf ("tiles %d render_ms_median %.3f fetch_ms_median %.3f rss_mb %.1f\n", rounds * tiles, median (render, rounds * tiles),
          median (fetch, rounds * tiles), resident_kb () / 1024.0);
  return 0;
}
