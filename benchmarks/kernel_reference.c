/* A reference kernel in C for mjlearn's batch distances (benchmarks/bench_kernel.py).

   It computes exactly what CompiledCard.line_distances computes: for every rack
   (36 counts, jokers last) and every line of a card, the distance to the line's
   nearest concrete hand,

       distance = 14 - M_t - min(j, (14 - M_t) - (S - M_s))

   with M_t = sum_k min(r[k], t[h,k]), M_s = sum_k min(r[k], s[h,k]), S = sum_k s[h,k]
   (see mjlearn/engine/tiles_away.py). The card arrives as the arrays mjlearn
   keeps (small and total counts per hand, int8 [H, 35]; line_start, int64 [L]).

   How: one byte per hand holds M_t + 16 * M_s (at most 14 + 16 * 14 = 238).
   A table T[k][c][h] = min(c, t[h,k]) + 16 * min(c, s[h,k]) is built once, and a
   rack adds the rows of the kinds it holds (at most 14), 32 hands per AVX2
   instruction. The distances are then computed in bytes and reduced per line,
   32 at a time.
   Single-threaded. Build: cc -O3 -march=native -shared -fPIC kernel_reference.c */

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef __AVX2__
#include <immintrin.h>
#endif

#define KINDS 35   /* natural kinds; the joker is column 35 of a rack */
#define LEVELS 9   /* a rack holds 0-4 of a kind, 0-8 flowers */

/* past[32 - r + i] is 0 for i < r and 255 after: it masks the bytes past a line's end. */
static const uint8_t past[64] = {
    0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
    255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255,
    255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255, 255};

static int padded(int hands) { return (hands + 31) & ~31; }

/* Rows of 32-aligned bytes: table [KINDS][LEVELS][width], small_size [width]. */
static void build(int hands, const int8_t *small, const int8_t *total, uint8_t *table, uint8_t *small_size)
{
    int width = padded(hands);
    memset(table, 0, (size_t)KINDS * LEVELS * width);
    memset(small_size, 0, width);
    for (int h = 0; h < hands; h++) {
        int size = 0;
        for (int k = 0; k < KINDS; k++) {
            int t = total[h * KINDS + k], s = small[h * KINDS + k];
            size += s;
            for (int c = 0; c < LEVELS; c++)
                table[((size_t)k * LEVELS + c) * width + h] = (uint8_t)((c < t ? c : t) + 16 * (c < s ? c : s));
        }
        small_size[h] = (uint8_t)size;
    }
}

/* Distances [N, lines] (int16) from racks [N, 36] (int16). Returns 0, or -1 when out of memory. */
int line_distances(int hands, int lines, const int8_t *small, const int8_t *total, const int64_t *line_start,
                   int64_t racks_count, const int16_t *racks, int16_t *out)
{
    int width = padded(hands);
    uint8_t *table = aligned_alloc(32, (size_t)KINDS * LEVELS * width);
    uint8_t *small_size = aligned_alloc(32, width);
    uint8_t *acc = aligned_alloc(32, width + 32); /* + 32: a line's last load may read past the hands */
    if (!table || !small_size || !acc) {
        free(table); free(small_size); free(acc);
        return -1;
    }
    build(hands, small, total, table, small_size);
    for (int64_t n = 0; n < racks_count; n++) {
        const int16_t *rack = racks + n * 36;
        const uint8_t *rows[14];
        int held = 0;
        for (int k = 0; k < KINDS && held < 14; k++)
            if (rack[k] > 0) rows[held++] = table + ((size_t)k * LEVELS + rack[k]) * width;
        uint8_t jokers = (uint8_t)rack[35];
#ifdef __AVX2__
        const __m256i low = _mm256_set1_epi8(15), fourteen = _mm256_set1_epi8(14), j = _mm256_set1_epi8((char)jokers);
        for (int h = 0; h < width; h += 32) {
            __m256i sum = _mm256_setzero_si256();
            for (int i = 0; i < held; i++)
                sum = _mm256_add_epi8(sum, _mm256_load_si256((const __m256i *)(rows[i] + h)));
            __m256i placed = _mm256_and_si256(sum, low);                                  /* M_t */
            __m256i placed_small = _mm256_and_si256(_mm256_srli_epi16(sum, 4), low);       /* M_s */
            __m256i missing = _mm256_sub_epi8(fourteen, placed);
            __m256i in_groups = _mm256_sub_epi8(_mm256_add_epi8(missing, placed_small),
                                                _mm256_load_si256((const __m256i *)(small_size + h)));
            _mm256_store_si256((__m256i *)(acc + h), _mm256_sub_epi8(missing, _mm256_min_epu8(j, in_groups)));
        }
#else
        for (int h = 0; h < width; h++) {
            uint8_t sum = 0;
            for (int i = 0; i < held; i++) sum += rows[i][h];
            uint8_t missing = 14 - (sum & 15), in_groups = missing + (sum >> 4) - small_size[h];
            acc[h] = missing - (jokers < in_groups ? jokers : in_groups);
        }
#endif
        int16_t *row = out + n * lines;
        for (int l = 0; l < lines; l++) {
            int64_t start = line_start[l], stop = l + 1 < lines ? line_start[l + 1] : hands;
#ifdef __AVX2__
            __m256i best = _mm256_set1_epi8((char)255);
            int64_t h = start;
            for (; h + 32 <= stop; h += 32)
                best = _mm256_min_epu8(best, _mm256_loadu_si256((const __m256i *)(acc + h)));
            if (h < stop) /* the last bytes of the line; those past it read as 255 */
                best = _mm256_min_epu8(best, _mm256_or_si256(_mm256_loadu_si256((const __m256i *)(acc + h)),
                                                             _mm256_loadu_si256((const __m256i *)(past + 32 - (stop - h)))));
            __m128i m = _mm_min_epu8(_mm256_castsi256_si128(best), _mm256_extracti128_si256(best, 1));
            m = _mm_min_epu8(m, _mm_srli_si128(m, 8));
            m = _mm_min_epu8(m, _mm_srli_si128(m, 4));
            m = _mm_min_epu8(m, _mm_srli_si128(m, 2));
            m = _mm_min_epu8(m, _mm_srli_si128(m, 1));
            row[l] = (int16_t)(uint8_t)_mm_cvtsi128_si32(m);
#else
            uint8_t best = 255;
            for (int64_t h = start; h < stop; h++) best = acc[h] < best ? acc[h] : best;
            row[l] = best;
#endif
        }
    }
    free(table); free(small_size); free(acc);
    return 0;
}
