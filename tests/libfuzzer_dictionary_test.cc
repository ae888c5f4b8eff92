// Tests for pointing libFuzzer's -dict at the grammar's words.
#include "libfuzzer/libfuzzer_dictionary.h"

#include <filesystem>
#include <string>
#include <vector>

#include "absl/strings/match.h"
#include "base/file_io.h"
#include "gtest/gtest.h"

namespace grammut {
namespace {

constexpr char kWords[] = "\"SELECT\"\n\"->>\"\n";

class AddDictionaryFlagTest : public ::testing::Test {
 protected:
  void SetUp() override {
    cache_ = ::testing::TempDir() + "/dict_cache_" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name();
    std::filesystem::remove_all(cache_);
  }
  // The file a -dict=PATH argument names.
  static std::string FileOf(const std::string& arg) {
    EXPECT_TRUE(absl::StartsWith(arg, "-dict=")) << arg;
    return ReadFile(arg.substr(6)).value_or("<unreadable>");
  }
  std::string cache_;
};

TEST_F(AddDictionaryFlagTest, WithoutDictAddsOneAfterTheProgramName) {
  auto c = AddDictionaryFlag({"fuzz", "-runs=10", "corpus"}, kWords, cache_);
  ASSERT_TRUE(c.ok()) << c.status();
  ASSERT_EQ(c->args.size(), 4u);
  EXPECT_EQ(c->args[0], "fuzz");
  EXPECT_TRUE(absl::StartsWith(c->args[1], "-dict=" + cache_ + "/dicts/"));
  EXPECT_EQ(c->args[2], "-runs=10");
  EXPECT_EQ(c->args[3], "corpus");
  EXPECT_EQ(FileOf(c->args[1]), kWords);
}

TEST_F(AddDictionaryFlagTest, TheUsersDictionaryComesFirstInTheNewFile) {
  const std::string user = ::testing::TempDir() + "/user.dict";
  ASSERT_TRUE(WriteFile(user, "kw=\"WHERE\"").ok());
  auto c = AddDictionaryFlag({"fuzz", "-dict=" + user, "-dict=" + user, "c"},
                             kWords, cache_);
  ASSERT_TRUE(c.ok()) << c.status();
  ASSERT_EQ(c->args.size(), 4u);
  EXPECT_EQ(c->args[1], "-dict=" + user);  // libFuzzer takes the last one
  EXPECT_EQ(FileOf(c->args[2]), std::string("kw=\"WHERE\"\n") + kWords);
  EXPECT_TRUE(absl::StrContains(c->description, user));
}

TEST_F(AddDictionaryFlagTest, FlagsAfterIgnoreRemainingArgsAreTheTargets) {
  auto c = AddDictionaryFlag(
      {"fuzz", "-ignore_remaining_args=1", "-dict=target.txt"}, kWords, cache_);
  ASSERT_TRUE(c.ok()) << c.status();
  ASSERT_EQ(c->args.size(), 4u);
  EXPECT_EQ(FileOf(c->args[1]), kWords);
  EXPECT_EQ(c->args[3], "-dict=target.txt");
}

// A -fork or -jobs worker starts with its parent's command line.
TEST_F(AddDictionaryFlagTest, AWorkerKeepsItsParentsFile) {
  auto parent = AddDictionaryFlag({"fuzz", "c"}, kWords, cache_);
  ASSERT_TRUE(parent.ok()) << parent.status();
  auto worker = AddDictionaryFlag(parent->args, kWords, cache_);
  ASSERT_TRUE(worker.ok()) << worker.status();
  EXPECT_EQ(worker->args, parent->args);
}

TEST_F(AddDictionaryFlagTest, SameWordsSameFile) {
  auto a = AddDictionaryFlag({"fuzz"}, kWords, cache_);
  auto b = AddDictionaryFlag({"other", "-seed=3"}, kWords, cache_);
  auto other = AddDictionaryFlag({"fuzz"}, "\"x\"\n", cache_);
  ASSERT_TRUE(a.ok() && b.ok() && other.ok());
  EXPECT_EQ(a->args[1], b->args[1]);
  EXPECT_NE(a->args[1], other->args[1]);
}

TEST_F(AddDictionaryFlagTest, AnUnreadableDictionaryIsAnError) {
  auto c =
      AddDictionaryFlag({"fuzz", "-dict=/nonexistent/x.dict"}, kWords, cache_);
  ASSERT_FALSE(c.ok());
  EXPECT_TRUE(absl::StrContains(c.status().message(), "/nonexistent/x.dict"));
}

}  // namespace
}  // namespace grammut
