# Spack recipe for oomtrail (contrib/spack/package.py), written against
# Spack's package API (CMakePackage). UNTESTED: Spack is not available
# where oomtrail is built and tested; README.md, "Packages", says so.
# Copy it into a Spack repository as packages/oomtrail/package.py.
#
# Spack builds the dependencies from source and links them as shared
# libraries, so the collector is linked dynamically by default
# (~static_collector). +static_collector reproduces the release build's
# static link, which needs static archives of every dependency (and
# names ICU, as Debian's libxml2 uses it): expect to adjust it to the
# site's Spack configuration. +spank builds the SPANK plugin against
# Spack's slurm; a plugin loads only into the Slurm release it was
# built against, so use the slurm the site's slurmd runs (an external).
from spack.package import *


class Oomtrail(CMakePackage):
    """Which memory ran out: oomtrail-collect snapshots a Slurm node's
    evidence of a failed GPU job into one bundle, and oomtrail analyze
    says which memory boundary failed (host RAM under the job's cgroup,
    GPU framebuffer, step creation, /dev/shm, hardware) and why."""

    homepage = "https://example.invalid/oomtrail"
    git = "https://example.invalid/oomtrail.git"

    license("MIT")

    version("main", branch="main")

    variant("spank", default=False,
            description="Build the SPANK plugin (oomtrail_spank.so) "
            "against Spack's slurm")
    variant("static_collector", default=False,
            description="Link oomtrail-collect statically (needs static "
            "archives of every dependency)")

    depends_on("c", type="build")
    depends_on("cmake@3.20:", type="build")
    depends_on("pkgconfig", type="build")

    # The bundle is a tar stream compressed with zstd, written and read
    # by libarchive itself (CMake checks that libarchive can write zstd).
    depends_on("libarchive@3.3: compression=zstd")
    depends_on("zstd")
    depends_on("libxml2")
    depends_on("pcre2")
    depends_on("jansson")
    depends_on("libyaml")  # sacct --yaml, analyzer only
    depends_on("nettle")
    depends_on("slurm", when="+spank")

    def cmake_args(self):
        args = [
            self.define("BUILD_TESTING", self.run_tests),
            self.define("OOMTRAIL_WERROR", False),
            self.define_from_variant("STATIC_COLLECTOR", "static_collector"),
            self.define_from_variant("OOMTRAIL_SPANK", "spank"),
        ]
        if self.spec.satisfies("+spank"):
            args.append(self.define("SLURM_SPANK_INCLUDE_DIR",
                                    self.spec["slurm"].prefix.include))
        return args
