#include "harness.h"

DEFINE_TEST(test_common_placeholder)
{
	CHECK(1);
}
