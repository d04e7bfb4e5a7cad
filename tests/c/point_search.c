/* Test driver for the point games' search (engine/csrc/pointmcts.c) without
 * Python: reads searches on stdin, one a line, and prints the card each
 * chooses, so the search can be run under an emulator for another CPU
 * (tests/engine/test_point_cross.py).
 *
 *   ITERATIONS EXPLORE GUIDE SEED GAME KNOWLEDGE  ->  the card chosen
 *
 * SEED and every card mask are hex; GAME and KNOWLEDGE are the tuples
 * engine.search.pointmcts builds, flattened in their order with each list
 * of varying length after its length (tests/engine/test_point_cross.py
 * writes them: `flat`). The input is the tests' own, so it is read as
 * trusted: only its form is checked. A bad line stops the run with its
 * number.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "driver.h"
#include "pointmcts.h"

/* The line's words, read in turn; bad once one is missing or malformed. */
typedef struct {
    char **tok;
    int ntok, next, bad;
} words;

static char *word(words *w) {
    if (w->next == w->ntok) {
        w->bad = 1;
        return NULL;
    }
    return w->tok[w->next++];
}

static long num(words *w) {
    char *t = word(w), *end;
    if (!t) return 0;
    errno = 0;
    long v = strtol(t, &end, 10);
    if (errno || *end) w->bad = 1;
    return v;
}

static uint64_t mask(words *w) {
    char *t = word(w);
    uint64_t v = 0;
    if (t && drv_u64(t, 16, &v)) w->bad = 1;
    return v;
}

static double real(words *w) {
    char *t = word(w), *end;
    if (!t) return 0;
    double v = strtod(t, &end);
    if (*end) w->bad = 1;
    return v;
}

/* n numbers into out, n no more than cap */
static void nums(words *w, int n, int cap, int32_t *out) {
    if (n < 0 || n > cap) {
        w->bad = 1;
        return;
    }
    for (int i = 0; i < n && !w->bad; i++) out[i] = (int32_t)num(w);
}

static void read_game(words *w, pm_game *g) {
    memset(g, 0, sizeof *g);
    g->players = (int32_t)num(w);
    g->trick_size = (int32_t)num(w);
    if (g->players < 2 || g->players > PM_SEATS || g->trick_size < g->players || g->trick_size > PM_SEATS) {
        w->bad = 1;
        return;
    }
    nums(w, g->players, PM_SEATS, g->side);
    for (int s = 0; s < g->players; s++)
        if (g->side[s] + 1 > g->nsides) g->nsides = g->side[s] + 1;
    g->trump = (int32_t)num(w);
    nums(w, PM_CARDS, PM_CARDS, g->power);
    g->must_follow = (int32_t)num(w);
    g->first_lead = (int32_t)num(w);
    g->unbroken = (int32_t)num(w);
    g->breakers = mask(w);
    g->first_barred = mask(w);
    nums(w, PM_CARDS, PM_CARDS, g->values);
    g->over = (int32_t)num(w);
    nums(w, g->nsides, PM_SEATS, g->dealt);
    g->moon = mask(w);
    g->moon_mode = (int32_t)num(w);
    g->moon_points = (int32_t)num(w);
    nums(w, g->nsides, PM_SEATS, g->before);
    g->target = (int32_t)num(w);
    g->lowest_wins = (int32_t)num(w);
    g->low = real(w);
    g->high = real(w);
    g->stock_scores = (int32_t)num(w);
    nums(w, PM_CARDS, PM_CARDS, g->suit);
    g->free_leads = mask(w);
    pm_prepare(g);
}

static void read_knowledge(words *w, const pm_game *g, pm_knowledge *k) {
    memset(k, 0, sizeof *k);
    pm_state *st = &k->root;
    int n = g->players;
    memset(st->under, -1, sizeof st->under);
    st->turn = (int32_t)num(w);
    st->leader = (int32_t)num(w);
    st->tricks = (int32_t)num(w);
    st->broken = (int32_t)num(w);
    st->ntrick = (int32_t)num(w);
    nums(w, st->ntrick, PM_SEATS - 1, st->trick);
    for (int s = 0; s < n; s++) st->hands[s] = mask(w);
    for (int s = 0; s < n; s++) st->won[s] = mask(w);
    int32_t stock[PM_CARDS];
    st->nstock = (int32_t)num(w);
    nums(w, st->nstock, PM_CARDS, stock);
    for (int i = 0; i < st->nstock && !w->bad; i++) st->stock[st->nstock - 1 - i] = stock[i];
    int nunder = (int)num(w);
    if (nunder < 0 || nunder > PM_CARDS) w->bad = 1;
    for (int i = 0; i < nunder && !w->bad; i++) {
        long card = num(w), under = num(w);
        if (card < 0 || card >= PM_CARDS) w->bad = 1;
        else st->under[card] = (int8_t)(under >= 0 ? under : PM_UNSEEN);
    }
    k->seat = (int32_t)num(w);
    nums(w, n, PM_SEATS, k->counts);
    nums(w, n, PM_SEATS, k->voids);
    for (int s = 0; s < n; s++) k->known[s] = mask(w);
    k->unseen = mask(w);
    for (int s = 0; s < n && !w->bad; s++) {
        nums(w, 4, 4, k->caps[s]);
        for (int suit = 0; suit < 4; suit++) /* a suit shown out of: none at all */
            if (k->voids[s] >> suit & 1) k->caps[s][suit] = 0;
    }
    for (int s = 0; s <= n; s++) k->barred[s] = mask(w);
}

/* Answers one line on stdout (drv_answer). */
static const char *answer(void *state, char **tok, int ntok, char *err, size_t errlen) {
    (void)state, (void)err, (void)errlen;
    words w = {tok, ntok, 0, 0};
    int iterations = (int)num(&w);
    double explore = real(&w);
    int guide = (int)num(&w);
    uint64_t seed = mask(&w);
    pm_game g;
    pm_knowledge k;
    if (!w.bad) read_game(&w, &g);
    if (!w.bad) read_knowledge(&w, &g, &k);
    if (w.bad || w.next != ntok) return "expected: ITERATIONS EXPLORE GUIDE SEED GAME KNOWLEDGE";
    int card = pm_search_guided(&g, &k, iterations, explore, guide, seed);
    if (card < 0) return card == -2 ? "no layout fits what the seat knows" : "out of memory for the tree";
    printf("%d\n", card);
    return NULL;
}

int main(void) { return drv_run("point_search", answer, NULL); }
