#include "harness.h"

DEFINE_TEST(test_parse_kernel_placeholder)
{
	CHECK(1);
}
