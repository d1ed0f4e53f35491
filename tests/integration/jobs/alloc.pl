#!/usr/bin/perl
# alloc.pl MIB [HOLDFILE]: allocate MIB MiB in 10 MiB chunks, touching
# every byte, printing progress; used by the jobs to exceed (or stay
# under) --mem.  With HOLDFILE, keep the memory until that file exists
# (at most 600 s) before exiting.  ALLOC_PAUSE: seconds between chunks
# (0.05).
use strict;
use warnings;
$| = 1;
my $target = int($ARGV[0] // 0);
my @keep;
for my $i (1 .. int($target / 10)) {
	push @keep, "x" x (10 << 20);
	print "allocated ", $i * 10, " MiB\n";
	select(undef, undef, undef, $ENV{ALLOC_PAUSE} // 0.05);
}
print "allocated $target MiB without being killed\n";
if (defined $ARGV[1]) {
	for (1 .. 3000) {
		last if -e $ARGV[1];
		select(undef, undef, undef, 0.2);
	}
}
