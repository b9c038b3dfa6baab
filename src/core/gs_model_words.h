/* SPDX-License-Identifier: GPL-2.0-or-later
 * Build a contact model from one string of pair_coeff model words (host only: tests and tools). */
#ifndef GS_MODEL_WORDS_H
#define GS_MODEL_WORDS_H

#include "gs_contact.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Parse space-separated model words; returns 1 if every word was consumed, else 0 with the
 * parser's message (or the first word left over) in err. */
static int gs_parse_words(const char *words, int geometry, int ordering, gs_model *m, char *err)
{
  char buf[512];
  const char *argv[64];
  int argc = 0, used;
  char *tok;
  strncpy(buf, words, sizeof(buf) - 1);
  buf[sizeof(buf) - 1] = '\0';
  for (tok = strtok(buf, " "); tok && argc < 64; tok = strtok(NULL, " ")) argv[argc++] = tok;
  err[0] = '\0';
  used = gs_model_parse(m, argc, argv, geometry, ordering, err);
  if (used >= 0 && used < argc) snprintf(err, GS_ERRLEN, "stopped at '%s'", argv[used]);
  return used == argc;
}

/* The model of `words`; a parse failure ends the test program (exit status 2). */
static gs_model gs_model_from_words(const char *words, int geometry, int ordering)
{
  char err[GS_ERRLEN];
  gs_model m;
  if (!gs_parse_words(words, geometry, ordering, &m, err)) {
    printf("parse of '%s' failed: %s\n", words, err);
    exit(2);
  }
  return m;
}

#endif
