#include "harness.h"

DEFINE_TEST(test_bundle_placeholder)
{
	CHECK(1);
}
