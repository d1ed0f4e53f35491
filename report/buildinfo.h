/* buildinfo: the build's linkage and libraries, for --version. */
#ifndef OOMTRAIL_BUILDINFO_H
#define OOMTRAIL_BUILDINFO_H

#include <stdio.h>

void	buildinfo_print(FILE *);

#endif
