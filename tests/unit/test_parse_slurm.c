#include "harness.h"

DEFINE_TEST(test_parse_slurm_placeholder)
{
	CHECK(1);
}
