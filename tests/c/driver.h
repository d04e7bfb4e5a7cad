/* What the stand-alone test drivers of this folder share: reading numbers
 * strictly, and the loop that answers stdin one line at a time and stops at
 * the first bad line, naming it. Header-only: each driver is one program. */
#ifndef TESTS_DRIVER_H
#define TESTS_DRIVER_H

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static inline int drv_u64(const char *s, int base, uint64_t *out) {
    char *end;
    if (*s == '-') return -1; /* strtoull would take it and negate */
    errno = 0;
    unsigned long long v = strtoull(s, &end, base);
    if (errno || end == s || *end) return -1;
    *out = (uint64_t)v;
    return 0;
}

static inline int drv_int(const char *s, int lo, int hi, int *out) {
    uint64_t v;
    if (drv_u64(s, 10, &v) || v < (uint64_t)lo || v > (uint64_t)hi) return -1;
    *out = (int)v;
    return 0;
}

/* Prints the answer to one line, split into its ntok words (at least one; a
   blank line gets a blank answer without a call); err is room for a message.
   NULL, or what is wrong with the line. */
typedef const char *(*drv_answer)(void *state, char **tok, int ntok, char *err, size_t errlen);

#define DRV_MAXTOK 512
#define DRV_ERRLEN 256

/* Answers every line of stdin; 0, or 1 after naming the first bad line on stderr. */
static inline int drv_run(const char *name, drv_answer answer, void *state) {
    static char line[16384], err[DRV_ERRLEN];
    static char *tok[DRV_MAXTOK];
    long lineno = 0;
    const char *wrong = NULL;
    while (!wrong && fgets(line, sizeof line, stdin)) {
        lineno++;
        if (!strchr(line, '\n') && !feof(stdin)) {
            wrong = "line too long";
            break;
        }
        int ntok = 0;
        for (char *t = strtok(line, " \t\r\n"); t && !wrong; t = strtok(NULL, " \t\r\n")) {
            if (ntok == DRV_MAXTOK) wrong = "too many words";
            else tok[ntok++] = t;
        }
        if (wrong) break;
        if (ntok == 0) putchar('\n');
        else wrong = answer(state, tok, ntok, err, sizeof err);
    }
    if (!wrong && fflush(stdout) != 0) wrong = "cannot write the answers";
    if (wrong) {
        fprintf(stderr, "%s: line %ld: %s\n", name, lineno, wrong);
        return 1;
    }
    return 0;
}

#endif
