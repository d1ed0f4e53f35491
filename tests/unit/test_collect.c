#include "harness.h"

DEFINE_TEST(test_collect_placeholder)
{
	CHECK(1);
}
