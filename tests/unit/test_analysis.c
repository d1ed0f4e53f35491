#include "harness.h"

DEFINE_TEST(test_analysis_placeholder)
{
	CHECK(1);
}
