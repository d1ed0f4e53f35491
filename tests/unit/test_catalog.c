#include "harness.h"

DEFINE_TEST(test_catalog_placeholder)
{
	CHECK(1);
}
