# Fail at configure time unless libarchive writes zstd natively. A libarchive
# built without libzstd returns ARCHIVE_WARN ("Using external zstd program")
# and would silently depend on a zstd binary on every compute node.
set(_src ${CMAKE_BINARY_DIR}/check_zstd_filter.c)
file(WRITE ${_src} "
#include <archive.h>
#include <stdio.h>
int main(void) {
	struct archive *a = archive_write_new();
	int r = archive_write_add_filter_zstd(a);
	if (r != ARCHIVE_OK) {
		printf(\"%s\", archive_error_string(a) ? archive_error_string(a) : \"no zstd\");
		return 1;
	}
	archive_write_free(a);
	return 0;
}
")
try_run(_zstd_run _zstd_compile ${CMAKE_BINARY_DIR}/check_zstd_filter
    ${_src}
    LINK_LIBRARIES LibArchive::LibArchive
    COMPILE_OUTPUT_VARIABLE _zstd_cout
    RUN_OUTPUT_VARIABLE _zstd_rout)
if(NOT _zstd_compile)
  message(FATAL_ERROR "cannot compile the libarchive zstd check:\n${_zstd_cout}")
endif()
if(NOT _zstd_run EQUAL 0)
  message(FATAL_ERROR "libarchive cannot write zstd natively (${_zstd_rout}); "
      "install a libarchive built with libzstd (Debian: libarchive-dev >= 3.3)")
endif()
message(STATUS "libarchive writes zstd natively")
