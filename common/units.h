/*
 * units: sizes and times as real software prints them.
 *
 * units_size() parses "81559 MiB", "20.00 GiB", "4000M", "512K",
 * "104857600", "1.5T" and C++ streams' "1.279e+03 G" into bytes. Binary
 * prefixes throughout (Slurm, nvidia-smi and PyTorch all mean 1024: "MiB"
 * and "M" are the same here); "kB" is the kernel's 1024 too. A bare
 * number is multiplied by
 * default_mult. Returns 0 and sets *bytes, or -1 when the text is not a
 * size (including "N/A", empty, negative, overflow).
 *
 * units_civil_to_epoch() turns a broken-down UTC (or naive local) date
 * into seconds since the epoch without consulting the process's TZ.
 */
#ifndef OOMTRAIL_UNITS_H
#define OOMTRAIL_UNITS_H

#include <stdint.h>

#include "scan.h"

int	units_size(struct str, uint64_t default_mult, uint64_t *bytes);
/* 1 when the text is a size too large for 63 bits ("1.718e+10 G",
 * "99999999999 TiB"): a garbage figure, not a capacity. */
int	units_size_overflows(struct str);
int64_t	units_civil_to_epoch(int y, int mon, int d, int h, int mi, int s);
/* "2026-11-30T06:59:10" (optional fraction, optional Z or +hh:mm). */
int	units_iso_time(struct str, int64_t *ns, int *has_tz);
/* ISO 8601 UTC with seconds ("2026-11-30T06:59:10Z") or fractions. */
void	units_fmt_iso(int64_t ns, char out[48]);
/* Month "Jan".."Dec" -> 1..12, else 0. */
int	units_month(struct str);

#endif
