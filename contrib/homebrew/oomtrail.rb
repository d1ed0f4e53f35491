# Homebrew formula for the oomtrail analyzer (macOS, Linuxbrew).
#
# UNTESTED: no macOS machine is available to this project's CI. It is
# written against Homebrew's Formula API (url/sha256, depends_on,
# std_cmake_args, test do) and builds the analyzer alone
# (-DOOMTRAIL_COLLECTOR=OFF: the collector is Linux-only). CI builds the
# same configuration with Clang and strict POSIX feature macros as the
# nearest proxy (scripts/test.sh, "portable analyzer"). Fill in url and
# sha256 from a published source archive before use.
class Oomtrail < Formula
  desc "Say which memory ran out in a Slurm GPU job, from oomtrail bundles"
  homepage "https://example.invalid/oomtrail"
  url "https://example.invalid/oomtrail/oomtrail-0.1.0.tar.gz"
  sha256 "0000000000000000000000000000000000000000000000000000000000000000"
  license "MIT"

  depends_on "cmake" => :build
  depends_on "pkg-config" => :build
  depends_on "jansson"
  depends_on "libarchive"
  depends_on "libxml2"
  depends_on "libyaml"
  depends_on "nettle"
  depends_on "pcre2"
  depends_on "zstd"

  def install
    args = %w[
      -DOOMTRAIL_COLLECTOR=OFF
      -DBUILD_TESTING=OFF
    ]
    # Homebrew's libarchive and libxml2 are keg-only.
    ENV.prepend_path "PKG_CONFIG_PATH", Formula["libarchive"].opt_lib/"pkgconfig"
    ENV.prepend_path "PKG_CONFIG_PATH", Formula["libxml2"].opt_lib/"pkgconfig"
    system "cmake", "-S", ".", "-B", "build", *args, *std_cmake_args
    system "cmake", "--build", "build", "--target", "oomtrail"
    bin.install "build/report/oomtrail"
    man1.install "man/oomtrail.1"
  end

  test do
    assert_match version.to_s, shell_output("#{bin}/oomtrail --version")
  end
end
