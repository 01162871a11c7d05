/* acies-render-cache.c
 *
 * Copyright 2026 The Acies developers
 *
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "acies-render"

#include "config.h"

#include <math.h>
#include <string.h>

#include "acies-render-board-private.h"

/*
 * AciesRenderCache: what a view keeps between frames (issue 21).
 *
 * The board is drawn in square tiles of the target, per cell size (GNOME
 * Mahjongg's per-size caches): each tile keeps its static layer (terrain,
 * features, elevation, grid, edges, areas, labels) and, over it, the
 * highlights, counters and leaders.  A frame paints the tiles it shows
 * and draws the selection and focus over them; a tile is drawn again only
 * when what it shows changed:
 *
 * - the map is hashed on every frame (one quick pass over its arrays);
 *   when the hash moved, each cell's content is hashed and compared with
 *   the last frame's, and the tiles a changed cell reaches are redrawn
 *   (an area's name, which can reach beyond its cell, is compared on its
 *   own);
 * - each unit is compared with the last frame's (its cell, facing and the
 *   strings and attributes it points to); when one changed, where every
 *   counter goes is worked out again and each tile's counters are
 *   compared, in order, with the last frame's, so a unit that moved
 *   redraws the tiles of its old and its new place;
 * - acies_render_cache_invalidate_cells() and
 *   acies_render_cache_invalidate_units() say what the cache cannot see:
 *   a counter whose attributes were edited in place.
 *
 * Counter images are kept by what they show (a name that is not drawn is
 * not in the key), within a memory budget, the least recently used given
 * back first.  Tiles are kept within a budget too.
 */

#define TILE_BUDGET   (96u << 20)   /* bytes of tiles kept */
#define SPRITE_BUDGET (32u << 20)   /* bytes of counter images kept */

/* The first member of what the cache keeps within a budget. */
typedef struct
{
  guint64 used;      /* the frame that last used it */
  gsize   bytes;
} Kept;

typedef struct
{
  Kept             kept;       /* used: the frame that last painted it */
  gint             i;
  gint             j;
  cairo_surface_t *base;       /* the static layer, or NULL */
  cairo_surface_t *full;       /* with highlights and counters, or NULL */
  gboolean         base_ok;
  gboolean         full_ok;
  guint64          units_hash; /* what full's counters are */
  guint64          serial;     /* changes with full's pixels */
} Tile;

typedef struct
{
  Kept             kept;
  cairo_surface_t *surface;
  int              width;      /* target units */
} Sprite;

/* What a unit's counter is drawn from, compared frame to frame. */
typedef struct
{
  gconstpointer unit;
  gconstpointer id;
  gconstpointer side;
  gconstpointer formation;
  gconstpointer type;
  gconstpointer name;
  gconstpointer attrs;
  gconstpointer hidden;
  AciesCell     cell;
  AciesCell     cell2;
  gint          facing;
  guint64       content;   /* the strings and attributes read (unit_content ()) */
} UnitPrint;

typedef struct
{
  gconstpointer leader;
  gconstpointer name;
  gconstpointer side;
  gconstpointer formation;
  gconstpointer attached_to;
  AciesCell     cell;
} LeaderPrint;

struct _AciesRenderCache
{
  AciesBoardGeom   *geom;
  GHashTable       *patterns;     /* texture key -> cairo_pattern_t */
  GHashTable       *sprites;      /* counter key -> Sprite */
  gsize             sprite_bytes;
  double            sprite_scale;
  guint64           clock;        /* frames, for least-recently-used */

  /* The view the tiles are for. */
  guint64           view_key;
  gboolean          have_view;
  double            tile;         /* a tile's side, target units */
  double            anchor_x;     /* floor (origin): tile (0, 0)'s corner */
  double            anchor_y;
  GHashTable       *tiles;        /* packed (i, j) -> Tile */
  gsize             tile_bytes;
  guint64           serial;

  /* The map as last drawn. */
  guint64           map_key;
  guint64          *cell_hash;    /* per cell */
  guint             n_cell_hash;
  GArray           *labels;       /* AciesAreaLabel per area, board-relative */
  GArray           *label_hash;   /* guint64 per area */
  guint8           *occupied;     /* per cell: a set-up unit stands there */
  GPtrArray        *outlines;     /* AciesOutline per area */
  const char       *base;         /* acies_render_base_terrain () */
  guint64           lent_key;     /* acies_render_cache_lend(): the map's key */
  gboolean          have_lent;
  const char       *lent_base;
  GPtrArray        *lent_outlines;
  GArray           *lent_items;    /* acies_render_items () for lent drawings */
  guint64           lent_items_key;
  guint64           colour_key;   /* sides, formations, catalogue: counter colours */
  guint32          *stamps;       /* per cell, for acies_board_geom_query() */
  guint32           stamp;
  double            margin;       /* acies_render_static_margin() for the view */

  /* The counters as last drawn. */
  GArray           *unit_prints;  /* UnitPrint */
  GArray           *leader_prints;/* LeaderPrint */
  GArray           *looks;        /* AciesCounterLook per unit */
  GArray           *look_hash;    /* guint64 per unit */
  GArray           *items;        /* AciesItem, board-relative */
  GArray           *highlights;   /* AciesCell */
  GHashTable       *units_hash;   /* packed (i, j) -> guint64* of the tile's counters */
  gboolean          items_ok;
  gboolean          reread_all;
  GArray           *pending;      /* AciesCell: invalidated since the last frame */
  AciesRenderCacheStats stats;
};

/* Hashing: a 64-bit multiply-xor mix, a word at a time. */

static inline guint64
mix (guint64 h,
     guint64 v)
{
  h ^= v + G_GUINT64_CONSTANT (0x9e3779b97f4a7c15) + (h << 6) + (h >> 2);
  h *= G_GUINT64_CONSTANT (0xff51afd7ed558ccd);
  return h ^ (h >> 32);
}

static inline guint64
mix_ptr (guint64       h,
         gconstpointer p)
{
  return mix (h, (guint64) (guintptr) p);
}

static inline guint64
mix_double (guint64 h,
            double  v)
{
  guint64 bits;

  memcpy (&bits, &v, sizeof bits);
  return mix (h, bits);
}

static guint64
mix_str (guint64     h,
         const char *s)
{
  if (s == NULL)
    return mix (h, 0x5a5a);
  return mix (h, g_str_hash (s) ^ ((guint64) strlen (s) << 32));
}

static guint64
mix_features (guint64    h,
              GPtrArray *features)
{
  if (features == NULL || features->len == 0)
    return mix (h, 0);
  h = mix (h, features->len);
  for (guint i = 0; i < features->len; i++)
    h = mix_ptr (h, features->pdata[i]);
  return h;
}

static inline guint64
tile_id (gint i,
         gint j)
{
  return ((guint64) (guint32) i << 32) | (guint32) j;
}

/* The cache. */

static void
tile_free (Tile *tile)
{
  g_clear_pointer (&tile->base, cairo_surface_destroy);
  g_clear_pointer (&tile->full, cairo_surface_destroy);
  g_free (tile);
}

static void
sprite_free (Sprite *sprite)
{
  cairo_surface_destroy (sprite->surface);
  g_free (sprite);
}

static void
clear_looks (AciesRenderCache *cache)
{
  for (guint i = 0; i < cache->looks->len; i++)
    acies_counter_look_clear (&g_array_index (cache->looks, AciesCounterLook, i));
  g_array_set_size (cache->looks, 0);
  g_array_set_size (cache->look_hash, 0);
}

/**
 * acies_render_cache_new:
 *
 * Creates a cache for the tiles and the counter images of one view.
 * Give one to each widget that draws a board; it is not thread-safe.
 *
 * Returns: (transfer full): a new cache; free with acies_render_cache_free()
 */
AciesRenderCache *
acies_render_cache_new (void)
{
  AciesRenderCache *cache = g_new0 (AciesRenderCache, 1);

  cache->patterns = acies_pattern_tiles_new ();
  cache->sprites = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) sprite_free);
  cache->tiles = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, (GDestroyNotify) tile_free);
  cache->units_hash = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  cache->labels = g_array_new (FALSE, TRUE, sizeof (AciesAreaLabel));
  cache->label_hash = g_array_new (FALSE, TRUE, sizeof (guint64));
  cache->outlines = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_outline_free);
  cache->unit_prints = g_array_new (FALSE, TRUE, sizeof (UnitPrint));
  cache->leader_prints = g_array_new (FALSE, TRUE, sizeof (LeaderPrint));
  cache->looks = g_array_new (FALSE, TRUE, sizeof (AciesCounterLook));
  cache->look_hash = g_array_new (FALSE, TRUE, sizeof (guint64));
  cache->items = g_array_new (FALSE, TRUE, sizeof (AciesItem));
  cache->highlights = g_array_new (FALSE, FALSE, sizeof (AciesCell));
  cache->pending = g_array_new (FALSE, FALSE, sizeof (AciesCell));
  return cache;
}

static void
drop_tiles (AciesRenderCache *cache)
{
  g_hash_table_remove_all (cache->tiles);
  cache->tile_bytes = 0;
}

/**
 * acies_render_cache_invalidate:
 * @cache: a cache
 *
 * Drops everything cached.  Changes to the map, the units and the
 * scenario's colours are found by the cache itself; this is for a change
 * it cannot see, such as a catalogue edited in place.
 */
void
acies_render_cache_invalidate (AciesRenderCache *cache)
{
  g_return_if_fail (cache != NULL);

  g_clear_pointer (&cache->geom, acies_board_geom_free);
  g_hash_table_remove_all (cache->patterns);
  g_hash_table_remove_all (cache->sprites);
  cache->sprite_bytes = 0;
  drop_tiles (cache);
  cache->have_view = FALSE;
  g_clear_pointer (&cache->cell_hash, g_free);
  g_clear_pointer (&cache->stamps, g_free);
  cache->n_cell_hash = 0;
  g_array_set_size (cache->labels, 0);
  g_array_set_size (cache->label_hash, 0);
  g_clear_pointer (&cache->occupied, g_free);
  g_ptr_array_set_size (cache->outlines, 0);
  cache->have_lent = FALSE;
  g_clear_pointer (&cache->lent_items, g_array_unref);
  g_array_set_size (cache->unit_prints, 0);
  g_array_set_size (cache->leader_prints, 0);
  clear_looks (cache);
  g_array_set_size (cache->items, 0);
  cache->items_ok = FALSE;
  cache->reread_all = TRUE;
}

/**
 * acies_render_cache_invalidate_cells:
 * @cache: a cache
 * @cells: (array length=n_cells): cells whose content changed
 * @n_cells: the number of cells
 *
 * Says that something in these cells changed, so that only the tiles
 * around them are drawn again on the next frame.  Changes to the map
 * (terrain, features, elevation, edges, areas) and units that moved are
 * found by the cache without this; what it cannot see is a unit whose
 * counter changed in place (its attributes edited): the units standing
 * in these cells are read again, and the counters around them redrawn.
 * Calling it for every edit, with the cells the edit touched, is always
 * right and cheap.
 */
void
acies_render_cache_invalidate_cells (AciesRenderCache *cache,
                                     const AciesCell  *cells,
                                     guint             n_cells)
{
  g_return_if_fail (cache != NULL);
  g_return_if_fail (cells != NULL || n_cells == 0);

  if (n_cells > 0)
    g_array_append_vals (cache->pending, cells, n_cells);
}

/**
 * acies_render_cache_invalidate_units:
 * @cache: a cache
 *
 * Says that any unit or leader may have changed in place: every counter
 * is read again on the next frame, and the tiles of those that look
 * different are drawn again (the map's tiles are kept).
 */
void
acies_render_cache_invalidate_units (AciesRenderCache *cache)
{
  g_return_if_fail (cache != NULL);

  cache->reread_all = TRUE;
}

/**
 * acies_render_cache_free:
 * @cache: (transfer full) (nullable): a cache
 */
void
acies_render_cache_free (AciesRenderCache *cache)
{
  if (cache == NULL)
    return;

  acies_board_geom_free (cache->geom);
  g_hash_table_unref (cache->patterns);
  g_hash_table_unref (cache->sprites);
  g_hash_table_unref (cache->tiles);
  g_hash_table_unref (cache->units_hash);
  g_free (cache->cell_hash);
  g_free (cache->stamps);
  g_array_unref (cache->labels);
  g_array_unref (cache->label_hash);
  g_free (cache->occupied);
  g_ptr_array_unref (cache->outlines);
  g_clear_pointer (&cache->lent_outlines, g_ptr_array_unref);
  g_clear_pointer (&cache->lent_items, g_array_unref);
  g_array_unref (cache->unit_prints);
  g_array_unref (cache->leader_prints);
  clear_looks (cache);
  g_array_unref (cache->looks);
  g_array_unref (cache->look_hash);
  g_array_unref (cache->items);
  g_array_unref (cache->highlights);
  g_array_unref (cache->pending);
  g_free (cache);
}

void
acies_render_cache_get_stats (AciesRenderCache      *cache,
                              AciesRenderCacheStats *stats)
{
  g_return_if_fail (cache != NULL && stats != NULL);

  *stats = cache->stats;
  stats->tiles = g_hash_table_size (cache->tiles);
  stats->sprites = g_hash_table_size (cache->sprites);
}

AciesBoardGeom *
acies_render_cache_geom (AciesRenderCache *cache,
                         AciesBoard       *board)
{
  if (!acies_board_geom_matches (cache->geom, board))
    {
      acies_render_cache_invalidate (cache);
      cache->geom = acies_board_geom_new (board);
    }
  if (cache->stamps == NULL)
    cache->stamps = g_new0 (guint32, MAX (cache->geom->n_cells, 1u));
  return cache->geom;
}

GHashTable *
acies_render_cache_patterns (AciesRenderCache *cache)
{
  return cache->patterns;
}

/* Counter images. */

typedef struct
{
  gpointer key;
  Kept    *kept;
} KeptEntry;

static gint
cmp_kept_age (gconstpointer a,
              gconstpointer b)
{
  guint64 x = ((const KeptEntry *) a)->kept->used, y = ((const KeptEntry *) b)->kept->used;

  return x < y ? -1 : x > y;
}

/* When the entries of @table (whose values start with a Kept) hold more
 * than @budget bytes, gives back the least recently used until they hold
 * @keep or less: a zoom through many sizes never empties a cache in the
 * middle of a frame. */
static void
trim_kept (GHashTable *table,
           gsize      *bytes,
           gsize       budget,
           gsize       keep)
{
  g_autoptr(GArray) all = NULL;
  GHashTableIter iter;
  gpointer key, value;

  if (*bytes <= budget)
    return;
  all = g_array_new (FALSE, FALSE, sizeof (KeptEntry));
  g_hash_table_iter_init (&iter, table);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      KeptEntry entry = { key, value };

      g_array_append_val (all, entry);
    }
  g_array_sort (all, cmp_kept_age);
  for (guint k = 0; k < all->len && *bytes > keep; k++)
    {
      KeptEntry *entry = &g_array_index (all, KeptEntry, k);

      *bytes -= entry->kept->bytes;
      g_hash_table_remove (table, entry->key);
    }
}

/**
 * acies_render_cache_sprite:
 * @cache: a cache
 * @look: a counter
 * @size: its side, target units
 * @scale: device pixels per target unit
 * @width: (out): the image's side, target units (the counter is centred)
 *
 * The image of a counter, drawn once per look and size.
 *
 * Returns: (transfer none): the image
 */
cairo_surface_t *
acies_render_cache_sprite (AciesRenderCache       *cache,
                           const AciesCounterLook *look,
                           double                  size,
                           double                  scale,
                           int                    *width)
{
  g_autofree char *key = NULL;
  Sprite *sprite;

  if (cache->sprite_scale != scale)
    {
      g_hash_table_remove_all (cache->sprites);
      cache->sprite_bytes = 0;
      cache->sprite_scale = scale;
    }

  key = acies_counter_look_key (look, size, size);
  sprite = g_hash_table_lookup (cache->sprites, key);
  if (sprite == NULL)
    {
      double pad = 2 + size * 0.06;
      int w = (int) ceil (size + 2 * pad), dw = (int) ceil (w * scale);
      PangoLayout *layout;
      cairo_t *scr;

      sprite = g_new0 (Sprite, 1);
      sprite->width = w;
      sprite->surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, dw, dw);
      sprite->kept.bytes = (gsize) cairo_image_surface_get_stride (sprite->surface) * dw + 64;
      cairo_surface_set_device_scale (sprite->surface, scale, scale);
      scr = cairo_create (sprite->surface);
      layout = pango_cairo_create_layout (scr);
      acies_counter_draw (scr, layout, look, w / 2.0, w / 2.0, size, size);
      g_object_unref (layout);
      cairo_destroy (scr);
      g_hash_table_insert (cache->sprites, g_steal_pointer (&key), sprite);
      cache->sprite_bytes += sprite->kept.bytes;
    }
  sprite->kept.used = cache->clock;
  *width = sprite->width;
  return sprite->surface;
}

/* The view. */

static guint64
view_key (const AciesRenderCtx *ctx,
          double                scale)
{
  guint64 h = 0x1234;

  h = mix_ptr (h, ctx->geom->board);
  h = mix_ptr (h, ctx->catalogue);
  h = mix_double (h, ctx->s);
  h = mix_double (h, scale);
  /* The origin's fraction of a device pixel: panning by whole pixels
   * keeps the tiles. */
  h = mix_double (h, round ((ctx->ox - floor (ctx->ox)) * scale * 64));
  h = mix_double (h, round ((ctx->oy - floor (ctx->oy)) * scale * 64));
  h = mix (h, ctx->mono);
  h = mix (h, ctx->options->dark);
  h = mix (h, ctx->options->high_contrast);
  h = mix (h, ctx->options->show_labels);
  h = mix (h, ctx->options->show_units);
  h = mix (h, ctx->lod);
  return h;
}

/* A tile's side in device pixels: small where cells are small, so that
 * an edit redraws few cells; larger where they are large, so that a
 * frame paints few tiles. */
static double
tile_side (const AciesRenderCtx *ctx,
           double                scale)
{
  double cell_px = ctx->s * scale * MAX (ctx->geom->inradius, 0.1) * 2;

  if (cell_px < 12)
    return 128;
  if (cell_px < 40)
    return 256;
  return 512;
}

/* The map. */

static guint64
map_key (const AciesRenderCtx *ctx)
{
  const AciesScenario *sc = ctx->scenario;
  const AciesMap *map = &sc->map;
  const AciesBoardGeom *g = ctx->geom;
  guint64 h = 0x4321;

  if (map->terrain != NULL)
    for (guint c = 0; c < g->n_cells; c++)
      h = mix_ptr (h, map->terrain[c]);
  if (map->elevation != NULL)
    for (guint c = 0; c < g->n_cells; c++)
      h = mix (h, (guint64) map->elevation[c]);
  if (map->cell_features != NULL)
    for (guint c = 0; c < g->n_cells; c++)
      if (map->cell_features[c] != NULL && map->cell_features[c]->len > 0)
        h = mix_features (mix (h, c), map->cell_features[c]);
  if (map->edge_features != NULL)
    for (guint e = 0; e < g->n_edges; e++)
      if (map->edge_features[e] != NULL && map->edge_features[e]->len > 0)
        h = mix_features (mix (h, e), map->edge_features[e]);
  for (guint i = 0; sc->areas != NULL && i < sc->areas->len; i++)
    {
      const AciesArea *area = g_ptr_array_index (sc->areas, i);

      h = mix_str (h, area->name);
      h = mix_str (h, area->kind);
      h = mix_str (h, area->side);
      h = mix_str (h, area->formation);
      for (guint k = 0; area->cells != NULL && k < area->cells->len; k++)
        h = mix (h, (guint64) g_array_index (area->cells, AciesCell, k));
    }
  return mix (h, ctx->cache->colour_key);
}

static guint64
colour_key (const AciesRenderCtx *ctx)
{
  const AciesScenario *sc = ctx->scenario;
  guint64 h = mix (mix_ptr (0x77, ctx->catalogue), ctx->options->high_contrast);

  for (guint i = 0; sc->sides != NULL && i < sc->sides->len; i++)
    {
      const AciesSide *side = g_ptr_array_index (sc->sides, i);

      h = mix_str (mix_str (h, side->id), side->colour);
    }
  for (guint i = 0; sc->formations != NULL && i < sc->formations->len; i++)
    {
      const AciesFormation *f = g_ptr_array_index (sc->formations, i);

      h = mix_str (mix_str (mix_str (h, f->id), f->colour), f->parent);
    }
  return h;
}

/* What each cell shows in the static layer: its terrain, features and
 * level, its edges' features, the levels around it (contours, slope
 * ticks) and which areas it and its neighbours belong to (fills and
 * outlines). */
static guint64 *
cell_hashes (const AciesRenderCtx *ctx)
{
  const AciesScenario *sc = ctx->scenario;
  const AciesMap *map = &sc->map;
  const AciesBoardGeom *g = ctx->geom;
  g_autofree guint64 *areas = g_new0 (guint64, MAX (g->n_cells, 1u));
  guint64 *hashes = g_new (guint64, MAX (g->n_cells, 1u));

  for (guint i = 0; sc->areas != NULL && i < sc->areas->len; i++)
    {
      const AciesArea *area = g_ptr_array_index (sc->areas, i);
      AciesRgba colour;
      gboolean dashed;
      guint64 style;

      if (area->cells == NULL)
        continue;
      acies_render_area_colour (sc, area, &colour, &dashed);
      style = mix (mix_double (mix_double (mix_double (mix (0x99, i), colour.r), colour.g), colour.b), dashed);
      for (guint k = 0; k < area->cells->len; k++)
        {
          AciesCell c = g_array_index (area->cells, AciesCell, k);

          if (c >= 0 && (guint) c < g->n_cells)
            areas[c] = mix (areas[c] + 1, style);
        }
    }

  for (guint c = 0; c < g->n_cells; c++)
    {
      guint start = g->poly_start[c], n = g->poly_start[c + 1] - start;
      guint64 h = mix_ptr (c, map->terrain ? map->terrain[c] : NULL);

      h = mix (h, map->elevation ? (guint64) map->elevation[c] : 0);
      h = mix (h, areas[c]);
      if (map->cell_features != NULL)
        h = mix_features (h, map->cell_features[c]);
      for (guint i = 0; i < n; i++)
        {
          AciesCell nb = g->side_nb[start + i];

          if (nb != ACIES_CELL_NONE)
            h = mix (mix (h, map->elevation ? (guint64) map->elevation[nb] : 0), areas[nb]);
        }
      if (map->edge_features != NULL)
        for (guint d = 0; d < g->n_dirs; d++)
          {
            AciesEdge e = acies_board_edge_of (g->board, c, d);

            if (e != ACIES_EDGE_NONE && (guint) e < g->n_edges)
              h = mix_features (h, map->edge_features[e]);
          }
      hashes[c] = h;
    }
  return hashes;
}

static guint64
label_hash (const AciesArea      *area,
            const AciesAreaLabel *label,
            const AciesScenario  *scenario)
{
  AciesRgba colour;
  gboolean dashed;

  acies_render_area_colour (scenario, area, &colour, &dashed);
  return mix_double (mix_double (mix_double (mix_double (mix_double (mix_str (mix (0x55, label->cell), area->name),
                                                                     label->x), label->y), label->font),
                                 colour.r), colour.g + 2 * colour.b);
}

/**
 * acies_render_cache_lend:
 * @cache: a cache
 * @ctx: a direct drawing (a printed page) of the cache's board
 *
 * Gives a direct drawing what the cache keeps of the map when the map is
 * unchanged since the cache last worked it out: the commonest terrain
 * and the areas' outlines.
 */
void
acies_render_cache_lend (AciesRenderCache *cache,
                         AciesRenderCtx   *ctx)
{
  const AciesScenario *sc = ctx->scenario;
  guint64 key;

  ctx->cache = cache;
  key = map_key (ctx);
  ctx->cache = NULL;
  if (key != cache->lent_key || !cache->have_lent)
    {
      cache->lent_base = acies_render_base_terrain (sc, ctx->geom);
      g_clear_pointer (&cache->lent_outlines, g_ptr_array_unref);
      cache->lent_outlines = g_ptr_array_new_with_free_func ((GDestroyNotify) acies_outline_free);
      for (guint a = 0; sc->areas != NULL && a < sc->areas->len; a++)
        g_ptr_array_add (cache->lent_outlines, acies_render_area_outline (ctx->geom, g_ptr_array_index (sc->areas, a)));
      cache->lent_key = key;
      cache->have_lent = TRUE;
    }
  ctx->base = cache->lent_base;
  ctx->have_base = TRUE;
  ctx->outlines = cache->lent_outlines;

  /* The counters' places, while the units stand where they stood. */
  if (ctx->options->show_units)
    {
      GPtrArray *units = acies_render_ctx_units (ctx), *leaders;
      gboolean lone;
      guint64 h;

      leaders = acies_render_ctx_leaders (ctx, &lone);
      h = mix_double (mix (mix_ptr (mix_ptr (0x17e5, units), leaders), lone + 2 * ctx->lod), ctx->s);
      for (guint i = 0; units != NULL && i < units->len; i++)
        {
          const AciesUnit *unit = g_ptr_array_index (units, i);

          h = mix (mix_ptr (h, unit), ((guint64) (guint32) unit->cell << 32) | (guint32) unit->cell2);
        }
      for (guint i = 0; leaders != NULL && i < leaders->len; i++)
        {
          const AciesLeader *leader = g_ptr_array_index (leaders, i);

          h = mix (mix_ptr (mix_ptr (h, leader), leader->attached_to), (guint64) (guint32) leader->cell);
        }
      if (cache->lent_items == NULL || h != cache->lent_items_key)
        {
          g_clear_pointer (&cache->lent_items, g_array_unref);
          if (units != NULL)
            cache->lent_items = acies_render_items (ctx->geom, units, leaders, lone, ctx->s, ctx->lod);
          cache->lent_items_key = h;
        }
      ctx->items = cache->lent_items;
    }
}

/* Tiles. */

static Tile *
lookup_tile (AciesRenderCache *cache,
             gint              i,
             gint              j)
{
  guint64 id = tile_id (i, j);

  return g_hash_table_lookup (cache->tiles, &id);
}

/* Marks the existing tiles meeting a rectangle (target units) as to be
 * drawn again: the whole of them, or their counters only. */
static void
dirty_rect (AciesRenderCache *cache,
            double            x0,
            double            y0,
            double            x1,
            double            y1,
            gboolean          base)
{
  gint i0 = (gint) floor ((x0 - cache->anchor_x) / cache->tile);
  gint i1 = (gint) floor ((x1 - cache->anchor_x) / cache->tile);
  gint j0 = (gint) floor ((y0 - cache->anchor_y) / cache->tile);
  gint j1 = (gint) floor ((y1 - cache->anchor_y) / cache->tile);

  if (g_hash_table_size (cache->tiles) == 0)
    return;
  for (gint j = j0; j <= j1; j++)
    for (gint i = i0; i <= i1; i++)
      {
        Tile *tile = lookup_tile (cache, i, j);

        if (tile == NULL)
          continue;
        if (base)
          tile->base_ok = FALSE;
        tile->full_ok = FALSE;
      }
}

static void
dirty_cell (AciesRenderCache     *cache,
            const AciesRenderCtx *ctx,
            AciesCell             c)
{
  const float *box = ctx->geom->bbox + 4 * c;

  dirty_rect (cache,
              ACIES_PX (ctx, box[0]) - cache->margin, ACIES_PY (ctx, box[1]) - cache->margin,
              ACIES_PX (ctx, box[2]) + cache->margin, ACIES_PY (ctx, box[3]) + cache->margin, TRUE);
}

/* Finds what changed in the map since the last frame and marks the tiles
 * it reaches. */
static void
update_map (AciesRenderCache *cache,
            AciesRenderCtx   *ctx,
            gboolean          units_moved)
{
  const AciesScenario *sc = ctx->scenario;
  const AciesBoardGeom *g = ctx->geom;
  guint n_areas = sc->areas != NULL ? sc->areas->len : 0;
  guint64 key = map_key (ctx);

  /* The commonest terrain (drawn under the whole board) and the areas'
   * outlines (their tints). */
  if (key != cache->map_key || cache->cell_hash == NULL)
    {
      const char *base = acies_render_base_terrain (sc, g);

      if (base != cache->base && cache->cell_hash != NULL)
        drop_tiles (cache);
      cache->base = base;
      g_ptr_array_set_size (cache->outlines, 0);
      for (guint a = 0; a < n_areas; a++)
        g_ptr_array_add (cache->outlines, acies_render_area_outline (g, g_ptr_array_index (sc->areas, a)));
    }
  ctx->base = cache->base;
  ctx->have_base = TRUE;
  ctx->outlines = cache->outlines;

  if (cache->cell_hash == NULL || cache->n_cell_hash != g->n_cells)
    {
      g_free (cache->cell_hash);
      cache->cell_hash = cell_hashes (ctx);
      cache->n_cell_hash = g->n_cells;
      drop_tiles (cache);
    }
  else if (key != cache->map_key)
    {
      g_autofree guint64 *now = cell_hashes (ctx);
      double margin = acies_render_static_margin (ctx);

      /* Wider feature badges reach tiles the old margin did not. */
      if (margin > cache->margin)
        {
          cache->margin = margin;
          drop_tiles (cache);
        }
      for (guint c = 0; c < g->n_cells; c++)
        if (now[c] != cache->cell_hash[c])
          dirty_cell (cache, ctx, c);
      g_free (cache->cell_hash);
      cache->cell_hash = g_steal_pointer (&now);
    }

  /* Area names: they move with the map and with the units.  Kept in
   * board-relative units, so that panning changes nothing. */
  if (key != cache->map_key || units_moved || cache->labels->len != n_areas || cache->occupied == NULL)
    {
      guint n_old = cache->labels->len;

      g_free (cache->occupied);
      cache->occupied = acies_render_occupied_cells (sc, g);
      ctx->occupied = cache->occupied;
      g_array_set_size (cache->labels, MAX (n_old, n_areas));
      g_array_set_size (cache->label_hash, MAX (n_old, n_areas));
      for (guint a = 0; a < MAX (n_areas, n_old); a++)
        {
          AciesAreaLabel *old = &g_array_index (cache->labels, AciesAreaLabel, a), now;
          guint64 *old_hash = &g_array_index (cache->label_hash, guint64, a), now_hash = 0;

          memset (&now, 0, sizeof now);
          now.cell = ACIES_CELL_NONE;
          if (a < n_areas)
            {
              const AciesArea *area = g_ptr_array_index (sc->areas, a);

              acies_render_area_label (ctx, area, &now);
              now.x -= ctx->ox;
              now.x0 -= ctx->ox;
              now.x1 -= ctx->ox;
              now.y -= ctx->oy;
              now.y0 -= ctx->oy;
              now.y1 -= ctx->oy;
              now_hash = label_hash (area, &now, sc);
            }
          if (a < n_old && *old_hash == now_hash)
            continue;
          if (a < n_old && old->cell != ACIES_CELL_NONE)
            dirty_rect (cache, ctx->ox + old->x0, ctx->oy + old->y0, ctx->ox + old->x1, ctx->oy + old->y1, TRUE);
          if (now.cell != ACIES_CELL_NONE)
            dirty_rect (cache, ctx->ox + now.x0, ctx->oy + now.y0, ctx->ox + now.x1, ctx->oy + now.y1, TRUE);
          *old = now;
          *old_hash = now_hash;
        }
      g_array_set_size (cache->labels, n_areas);
      g_array_set_size (cache->label_hash, n_areas);
    }
  ctx->occupied = cache->occupied;
  ctx->labels = (const AciesAreaLabel *) cache->labels->data;
  cache->map_key = key;
}

/* The counters. */

static void
unit_print (const AciesUnit *unit,
            UnitPrint       *print)
{
  /* Compared with memcmp (): the padding too must be set. */
  memset (print, 0, sizeof *print);
  print->unit = unit;
  print->id = unit->id;
  print->side = unit->side;
  print->formation = unit->formation;
  print->type = unit->type;
  print->name = unit->name;
  print->attrs = unit->attrs;
  print->hidden = unit->hidden;
  print->cell = unit->cell;
  print->cell2 = unit->cell2;
  print->facing = unit->facing;
}

static void
leader_print (const AciesLeader *leader,
              LeaderPrint       *print)
{
  memset (print, 0, sizeof *print);
  print->leader = leader;
  print->name = leader->name;
  print->side = leader->side;
  print->formation = leader->formation;
  print->attached_to = leader->attached_to;
  print->cell = leader->cell;
}

static void hash_node (JsonNode *node, guint64 *h);

static void
hash_member (JsonObject  *object,
             const char  *name,
             JsonNode    *node,
             gpointer     data)
{
  guint64 *h = data;

  *h = mix_str (*h, name);
  hash_node (node, h);
}

static void
hash_node (JsonNode *node,
           guint64  *h)
{
  if (node == NULL || JSON_NODE_HOLDS_NULL (node))
    *h = mix (*h, 0x11);
  else if (JSON_NODE_HOLDS_OBJECT (node))
    {
      *h = mix (*h, 0x22);
      json_object_foreach_member (json_node_get_object (node), hash_member, h);
    }
  else if (JSON_NODE_HOLDS_ARRAY (node))
    {
      JsonArray *array = json_node_get_array (node);

      *h = mix (*h, 0x33 + json_array_get_length (array));
      for (guint i = 0; i < json_array_get_length (array); i++)
        hash_node (json_array_get_element (array, i), h);
    }
  else
    switch (json_node_get_value_type (node))
      {
      case G_TYPE_INT64:
        *h = mix (*h, (guint64) json_node_get_int (node));
        break;
      case G_TYPE_DOUBLE:
        *h = mix_double (*h, json_node_get_double (node));
        break;
      case G_TYPE_BOOLEAN:
        *h = mix (*h, 0x44 + json_node_get_boolean (node));
        break;
      case G_TYPE_STRING:
        *h = mix_str (*h, json_node_get_string (node));
        break;
      default:
        *h = mix (*h, 0x55);
        break;
      }
}

/* What a counter is read from, by content: its strings and front
 * attributes (a unit edited in place keeps its pointers). */
static guint64
unit_content (const AciesUnit *unit)
{
  guint64 h = 0x600d;

  h = mix_str (mix_str (mix_str (mix_str (mix_str (h, unit->id), unit->side), unit->formation), unit->type),
               unit->name);
  if (unit->attrs != NULL)
    json_object_foreach_member (unit->attrs, hash_member, &h);
  return h;
}

static inline gboolean
cell_pending (const guint8 *pending,
              guint         n_cells,
              AciesCell     cell)
{
  return pending != NULL && cell >= 0 && (guint) cell < n_cells && pending[cell];
}

static guint64
item_hash (AciesRenderCache    *cache,
           const AciesRenderCtx *ctx,
           GPtrArray            *units,
           GPtrArray            *leaders,
           const AciesItem      *item)
{
  guint64 h = mix (item->kind, item->count);

  h = mix_double (mix_double (mix_double (h, item->x), item->y), item->size);
  switch (item->kind)
    {
    case ACIES_ITEM_BADGE:
      return h;
    case ACIES_ITEM_LEADER:
      {
        const AciesLeader *leader = g_ptr_array_index (leaders, item->index);
        AciesRgba colour;
        g_autofree char *initials = NULL;

        acies_render_leader_look (ctx->scenario, leader, &colour, &initials);
        return mix_double (mix_double (mix_double (mix_str (h, initials), colour.r), colour.g), colour.b);
      }
    case ACIES_ITEM_TWO_HEX:
    case ACIES_ITEM_COUNTER:
    default:
      {
        const AciesUnit *unit = g_ptr_array_index (units, item->index);

        h = mix (h, g_array_index (cache->look_hash, guint64, item->index));
        h = mix (mix (h, (guint64) unit->facing), (guint64) unit->cell2);
        return mix (h, (guint64) unit->cell);
      }
    }
}

/* Adds @v into the counters' hash of every tile meeting the rectangle
 * (board-relative pixels): in order (@ordered) or as a sum. */
static void
hash_into_tiles (AciesRenderCache *cache,
                 double            ox,
                 double            oy,
                 double            x0,
                 double            y0,
                 double            x1,
                 double            y1,
                 guint64           v,
                 gboolean          ordered)
{
  gint i0 = (gint) floor ((ox + x0 - cache->anchor_x) / cache->tile);
  gint i1 = (gint) floor ((ox + x1 - cache->anchor_x) / cache->tile);
  gint j0 = (gint) floor ((oy + y0 - cache->anchor_y) / cache->tile);
  gint j1 = (gint) floor ((oy + y1 - cache->anchor_y) / cache->tile);

  for (gint j = j0; j <= j1; j++)
    for (gint i = i0; i <= i1; i++)
      {
        guint64 id = tile_id (i, j);
        guint64 *h = g_hash_table_lookup (cache->units_hash, &id);

        if (h == NULL)
          {
            h = g_new0 (guint64, 1);
            g_hash_table_insert (cache->units_hash, g_memdup2 (&id, sizeof id), h);
          }
        *h = ordered ? mix (*h, v) : *h + v;
      }
}

/* Finds which counters changed since the last frame, works out their
 * places again when one did and marks the tiles whose counters differ. */
static gboolean
update_units (AciesRenderCache *cache,
              AciesRenderCtx   *ctx)
{
  GPtrArray *units = acies_render_ctx_units (ctx);
  GPtrArray *leaders;
  gboolean lone, changed = !cache->items_ok, moved = !cache->items_ok, same_highlights, recolour = FALSE;
  g_autofree guint8 *pending = NULL;
  guint n_units = units != NULL ? units->len : 0, n_leaders;
  const GArray *hl = ctx->options->highlight_cells;
  guint64 colours = colour_key (ctx);
  GHashTableIter iter;
  gpointer key, value;

  leaders = acies_render_ctx_leaders (ctx, &lone);
  if (!ctx->options->show_units)
    {
      units = NULL;
      leaders = NULL;
      n_units = 0;
    }
  n_leaders = leaders != NULL ? leaders->len : 0;

  if (cache->pending->len > 0)
    {
      pending = g_new0 (guint8, MAX (ctx->geom->n_cells, 1u));
      for (guint i = 0; i < cache->pending->len; i++)
        {
          AciesCell c = g_array_index (cache->pending, AciesCell, i);

          if (c >= 0 && (guint) c < ctx->geom->n_cells)
            pending[c] = 1;
        }
    }

  if (colours != cache->colour_key)
    {
      cache->colour_key = colours;
      recolour = TRUE;
    }

  /* Units: read again the counters that changed. */
  if (cache->unit_prints->len != n_units)
    changed = moved = TRUE;
  g_array_set_size (cache->unit_prints, MAX (cache->unit_prints->len, n_units));
  if (cache->looks->len < n_units)
    {
      g_array_set_size (cache->looks, n_units);
      g_array_set_size (cache->look_hash, n_units);
    }
  for (guint i = 0; i < n_units; i++)
    {
      const AciesUnit *unit = g_ptr_array_index (units, i);
      UnitPrint *old = &g_array_index (cache->unit_prints, UnitPrint, i), now;
      AciesCounterLook *look = &g_array_index (cache->looks, AciesCounterLook, i);

      gboolean check, same;

      unit_print (unit, &now);
      now.content = old->content;
      same = memcmp (old, &now, sizeof now) == 0;
      check = cache->reread_all || cell_pending (pending, ctx->geom->n_cells, unit->cell)
              || cell_pending (pending, ctx->geom->n_cells, unit->cell2);
      if (same && !check && !recolour)
        continue;
      /* Told to look again (an edit in place): read the counter again only
       * if its strings or attributes differ. */
      now.content = unit_content (unit);
      if (same && !recolour && now.content == old->content)
        continue;
      if (old->cell != now.cell || old->cell2 != now.cell2 || old->unit != now.unit)
        moved = TRUE;
      changed = TRUE;
      *old = now;
      acies_counter_look_clear (look);
      acies_counter_look_init (look, ctx->scenario, ctx->catalogue, unit, ctx->mono);
      acies_counter_look_mark_side (look, ctx->scenario, unit, ctx->options->high_contrast);
      g_array_index (cache->look_hash, guint64, i) = acies_counter_look_hash (look);
    }
  for (guint i = n_units; i < cache->looks->len; i++)
    acies_counter_look_clear (&g_array_index (cache->looks, AciesCounterLook, i));
  g_array_set_size (cache->unit_prints, n_units);
  g_array_set_size (cache->looks, n_units);
  g_array_set_size (cache->look_hash, n_units);

  /* Leaders. */
  if (cache->leader_prints->len != n_leaders)
    changed = TRUE;
  g_array_set_size (cache->leader_prints, MAX (cache->leader_prints->len, n_leaders));
  for (guint i = 0; i < n_leaders; i++)
    {
      LeaderPrint *old = &g_array_index (cache->leader_prints, LeaderPrint, i), now;

      leader_print (g_ptr_array_index (leaders, i), &now);
      if (memcmp (old, &now, sizeof now) != 0 || cache->reread_all || recolour)
        {
          *old = now;
          changed = TRUE;
        }
    }
  g_array_set_size (cache->leader_prints, n_leaders);

  /* Highlights lie under the counters. */
  if (hl == NULL || hl->len == 0)
    same_highlights = cache->highlights->len == 0;
  else
    same_highlights = cache->highlights->len == hl->len
                      && memcmp (cache->highlights->data, hl->data, hl->len * sizeof (AciesCell)) == 0;
  if (!same_highlights)
    {
      g_array_set_size (cache->highlights, 0);
      if (hl != NULL && hl->len > 0)
        g_array_append_vals (cache->highlights, hl->data, hl->len);
      changed = TRUE;
    }

  cache->reread_all = FALSE;
  if (!changed)
    return FALSE;

  /* Where everything goes now, and what each tile's counters are. */
  g_array_unref (cache->items);
  cache->items = acies_render_items (ctx->geom, units, leaders, lone, ctx->s, ctx->lod);
  g_hash_table_remove_all (cache->units_hash);
  for (guint i = 0; i < cache->highlights->len; i++)
    {
      AciesCell c = g_array_index (cache->highlights, AciesCell, i);
      const float *box;

      if (c < 0 || (guint) c >= ctx->geom->n_cells)
        continue;
      box = ctx->geom->bbox + 4 * c;
      hash_into_tiles (cache, ctx->ox, ctx->oy, box[0] * ctx->s - 2, box[1] * ctx->s - 2,
                       box[2] * ctx->s + 2, box[3] * ctx->s + 2, mix (0xabc, c), FALSE);
    }
  for (guint i = 0; i < cache->items->len; i++)
    {
      const AciesItem *item = &g_array_index (cache->items, AciesItem, i);

      hash_into_tiles (cache, ctx->ox, ctx->oy, item->x0, item->y0, item->x1, item->y1,
                       item_hash (cache, ctx, units, leaders, item), TRUE);
    }
  g_hash_table_iter_init (&iter, cache->tiles);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      Tile *tile = value;
      guint64 *h = g_hash_table_lookup (cache->units_hash, key);

      if ((h ? *h : 0) != tile->units_hash)
        tile->full_ok = FALSE;
    }
  cache->items_ok = TRUE;
  return moved;
}

/* Drawing a tile. */

static void
tile_ctx (AciesRenderCache     *cache,
          const AciesRenderCtx *ctx,
          const Tile           *tile,
          cairo_t              *cr,
          AciesRenderCtx       *out,
          GArray               *cells)
{
  double tx = cache->anchor_x + tile->i * cache->tile, ty = cache->anchor_y + tile->j * cache->tile;

  *out = *ctx;
  out->cr = cr;
  out->ox = ctx->ox - tx;
  out->oy = ctx->oy - ty;
  out->rx0 = 0;
  out->ry0 = 0;
  out->rx1 = cache->tile;
  out->ry1 = cache->tile;
  out->layout = pango_cairo_create_layout (cr);

  cache->stamp++;
  if (cache->stamp == 0)
    {
      memset (cache->stamps, 0, sizeof (guint32) * ctx->geom->n_cells);
      cache->stamp = 1;
    }
  acies_board_geom_query (ctx->geom, -out->ox / ctx->s, -out->oy / ctx->s,
                          (cache->tile - out->ox) / ctx->s, (cache->tile - out->oy) / ctx->s,
                          cache->margin / ctx->s, cache->stamps, cache->stamp, cells);
  out->cells = (const AciesCell *) cells->data;
  out->n_cells = cells->len;
  out->stamps = cache->stamps;
  out->stamp = cache->stamp;
}

static cairo_surface_t *
tile_surface (AciesRenderCache *cache,
              Tile             *tile,
              cairo_format_t    format,
              double            scale)
{
  int px = (int) ceil (cache->tile * scale);
  cairo_surface_t *surface = cairo_image_surface_create (format, px, px);
  gsize bytes = (gsize) cairo_image_surface_get_stride (surface) * px;

  cairo_surface_set_device_scale (surface, scale, scale);
  cache->tile_bytes += bytes;
  tile->kept.bytes += bytes;
  return surface;
}

static void
draw_base (AciesRenderCache     *cache,
           const AciesRenderCtx *ctx,
           Tile                 *tile,
           double                scale)
{
  g_autoptr(GArray) cells = g_array_new (FALSE, FALSE, sizeof (AciesCell));
  AciesRenderCtx tctx;
  cairo_t *cr;

  if (tile->base == NULL)
    tile->base = tile_surface (cache, tile, CAIRO_FORMAT_RGB24, scale);
  cr = cairo_create (tile->base);
  tile_ctx (cache, ctx, tile, cr, &tctx, cells);
  /* An opaque layer, background included, is copied rather than blended. */
  acies_render_background (cr, 0, 0, cache->tile, cache->tile, ctx->options);
  acies_render_draw_static (&tctx);
  g_object_unref (tctx.layout);
  cairo_destroy (cr);
  tile->base_ok = TRUE;
  cache->stats.base_drawn++;
}

static void
draw_full (AciesRenderCache     *cache,
           const AciesRenderCtx *ctx,
           Tile                 *tile,
           double                scale)
{
  g_autoptr(GArray) cells = g_array_new (FALSE, FALSE, sizeof (AciesCell));
  GPtrArray *units = acies_render_ctx_units (ctx), *leaders;
  AciesRenderCtx tctx;
  gboolean lone;
  guint64 id = tile_id (tile->i, tile->j);
  guint64 *h = g_hash_table_lookup (cache->units_hash, &id);
  cairo_t *cr;

  leaders = acies_render_ctx_leaders (ctx, &lone);
  if (tile->full == NULL)
    tile->full = tile_surface (cache, tile, CAIRO_FORMAT_ARGB32, scale);
  cr = cairo_create (tile->full);
  cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
  cairo_set_source_surface (cr, tile->base, 0, 0);
  cairo_paint (cr);
  cairo_set_operator (cr, CAIRO_OPERATOR_OVER);
  tile_ctx (cache, ctx, tile, cr, &tctx, cells);
  tctx.options = ctx->options;
  acies_render_draw_highlights (&tctx);
  for (guint i = 0; i < cache->items->len; i++)
    {
      const AciesItem *item = &g_array_index (cache->items, AciesItem, i);

      if (tctx.ox + item->x1 < 0 || tctx.ox + item->x0 > cache->tile
          || tctx.oy + item->y1 < 0 || tctx.oy + item->y0 > cache->tile)
        continue;
      acies_render_draw_item (&tctx, units, leaders, item,
                              item->kind == ACIES_ITEM_COUNTER || item->kind == ACIES_ITEM_TWO_HEX
                              ? &g_array_index (cache->looks, AciesCounterLook, item->index) : NULL);
    }
  acies_render_flush_plain (&tctx);
  acies_render_draw_area_names (&tctx);
  g_object_unref (tctx.layout);
  cairo_destroy (cr);
  cairo_surface_flush (tile->full);
  tile->units_hash = h ? *h : 0;
  tile->full_ok = TRUE;
  tile->serial = ++cache->serial;
  cache->stats.full_drawn++;
}

/**
 * acies_render_cache_tiles:
 * @ctx: a drawing over the whole target, with a cache (its cr is not used)
 * @width: the target's width
 * @height: the target's height
 * @scale: device pixels per target unit
 * @func: called for each tile that meets the target, in rows
 * @user_data: for @func
 * @covered: (out): the rectangle the tiles cover (x0, y0, x1, y1), clipped
 *   to the target; empty when no tile meets it
 *
 * Brings the tiles up to date with the map and the units and gives those
 * that meet the target: each an opaque image (with its device scale), its
 * place and side in target units, and a serial number that changes
 * whenever its pixels change.
 */
void
acies_render_cache_tiles (AciesRenderCtx      *ctx,
                          double               width,
                          double               height,
                          double               scale,
                          AciesRenderTileFunc  func,
                          gpointer             user_data,
                          double               covered[4])
{
  AciesRenderCache *cache = ctx->cache;
  double pad = ceil (MAX (8.0, ctx->s * 0.5));
  double bx0, by0, bx1, by1;
  guint64 key = view_key (ctx, scale);
  gboolean moved;
  gint i0, i1, j0, j1;

  cache->clock++;
  cache->stats.frames++;
  ctx->scale = scale;
  covered[0] = covered[1] = covered[2] = covered[3] = 0;
  if (!cache->have_view || key != cache->view_key)
    {
      drop_tiles (cache);
      cache->view_key = key;
      cache->have_view = TRUE;
      cache->tile = tile_side (ctx, scale) / scale;
      cache->anchor_x = floor (ctx->ox);
      cache->anchor_y = floor (ctx->oy);
      cache->margin = acies_render_static_margin (ctx);
      cache->items_ok = FALSE;
      g_array_set_size (cache->labels, 0);
      g_array_set_size (cache->label_hash, 0);
    }
  else
    {
      /* Panned by whole pixels: the tiles move with the board. */
      cache->anchor_x = floor (ctx->ox);
      cache->anchor_y = floor (ctx->oy);
    }

  moved = update_units (cache, ctx);
  update_map (cache, ctx, moved);
  g_array_set_size (cache->pending, 0);

  /* What the tiles cover: the board and its padding, and any counter or
   * leader beyond it. */
  bx0 = ctx->ox - pad;
  by0 = ctx->oy - pad;
  bx1 = ctx->ox + ctx->geom->ext_w * ctx->s + pad;
  by1 = ctx->oy + ctx->geom->ext_h * ctx->s + pad;
  for (guint i = 0; i < cache->items->len; i++)
    {
      const AciesItem *item = &g_array_index (cache->items, AciesItem, i);

      bx0 = MIN (bx0, ctx->ox + item->x0);
      by0 = MIN (by0, ctx->oy + item->y0);
      bx1 = MAX (bx1, ctx->ox + item->x1);
      by1 = MAX (by1, ctx->oy + item->y1);
    }
  bx0 = MAX (bx0, 0);
  by0 = MAX (by0, 0);
  bx1 = MIN (bx1, width);
  by1 = MIN (by1, height);
  if (bx1 <= bx0 || by1 <= by0)
    return;

  i0 = (gint) floor ((bx0 - cache->anchor_x) / cache->tile);
  i1 = (gint) floor ((bx1 - cache->anchor_x) / cache->tile);
  j0 = (gint) floor ((by0 - cache->anchor_y) / cache->tile);
  j1 = (gint) floor ((by1 - cache->anchor_y) / cache->tile);
  covered[0] = MAX (0, cache->anchor_x + i0 * cache->tile);
  covered[1] = MAX (0, cache->anchor_y + j0 * cache->tile);
  covered[2] = MIN (width, cache->anchor_x + (i1 + 1) * cache->tile);
  covered[3] = MIN (height, cache->anchor_y + (j1 + 1) * cache->tile);

  for (gint j = j0; j <= j1; j++)
    for (gint i = i0; i <= i1; i++)
      {
        Tile *tile = lookup_tile (cache, i, j);

        if (tile == NULL)
          {
            guint64 *id = g_new (guint64, 1);

            tile = g_new0 (Tile, 1);
            tile->i = i;
            tile->j = j;
            *id = tile_id (i, j);
            g_hash_table_insert (cache->tiles, id, tile);
          }
        if (!tile->base_ok)
          {
            draw_base (cache, ctx, tile, scale);
            tile->full_ok = FALSE;
          }
        if (!tile->full_ok)
          draw_full (cache, ctx, tile, scale);
        tile->kept.used = cache->clock;
        func (tile->full, cache->anchor_x + i * cache->tile, cache->anchor_y + j * cache->tile,
              cache->tile, tile->serial, user_data);
      }

  trim_kept (cache->tiles, &cache->tile_bytes, TILE_BUDGET, TILE_BUDGET * 3 / 4);
  trim_kept (cache->sprites, &cache->sprite_bytes, SPRITE_BUDGET, SPRITE_BUDGET / 2);
}

static void
paint_tile (cairo_surface_t *surface,
            double           x,
            double           y,
            double           size,
            guint64          serial,
            gpointer         user_data)
{
  cairo_t *cr = user_data;

  cairo_set_source_surface (cr, surface, x, y);
  cairo_rectangle (cr, x, y, size, size);
  cairo_fill (cr);
}

/**
 * acies_render_cached:
 * @ctx: a drawing over the whole target, with a cache
 * @width: the target's width
 * @height: the target's height
 * @scale: device pixels per target unit
 *
 * Draws the board through the cache: paints the tiles that meet the
 * target (acies_render_cache_tiles()), the background around them and
 * the selection and focus over them.
 */
void
acies_render_cached (AciesRenderCtx *ctx,
                     double          width,
                     double          height,
                     double          scale)
{
  cairo_t *cr = ctx->cr;
  double covered[4];

  cairo_save (cr);
  cairo_rectangle (cr, 0, 0, width, height);
  cairo_clip (cr);
  cairo_set_operator (cr, CAIRO_OPERATOR_SOURCE);
  acies_render_cache_tiles (ctx, width, height, scale, paint_tile, cr, covered);
  cairo_set_operator (cr, CAIRO_OPERATOR_OVER);

  /* Around the tiles, the background. */
  cairo_rectangle (cr, 0, 0, width, height);
  if (covered[2] > covered[0] && covered[3] > covered[1])
    cairo_rectangle (cr, covered[0], covered[1], covered[2] - covered[0], covered[3] - covered[1]);
  cairo_set_fill_rule (cr, CAIRO_FILL_RULE_EVEN_ODD);
  acies_palette_set_colour (cr, ctx->options->dark ? ACIES_PALETTE_BACKGROUND_DARK : ACIES_PALETTE_BACKGROUND,
                            ctx->mono);
  cairo_fill (cr);
  cairo_restore (cr);

  acies_render_draw_marks (ctx);
}
