#!/usr/bin/perl
# alloc.pl MIB: allocate MIB MiB in 10 MiB chunks, touching every byte,
# printing progress; used by the jobs to exceed (or stay under) --mem.
use strict;
use warnings;
$| = 1;
my $target = int($ARGV[0] // 0);
my @keep;
for my $i (1 .. int($target / 10)) {
	push @keep, "x" x (10 << 20);
	print "allocated ", $i * 10, " MiB\n";
	select(undef, undef, undef, 0.05);
}
print "allocated $target MiB without being killed\n";
