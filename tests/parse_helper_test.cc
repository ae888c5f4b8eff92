// Tests for parsing in a helper process: the wire format and server loop
// (parse_service.h, server in a thread), the helper process itself
// (parse_helper.h, the real `grammut parse-server`) and the mutator's use
// of it (same outputs as parsing in-process; fallback when it fails).
#include "parse/parse_helper.h"

#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <thread>

#include "absl/strings/match.h"
#include "gtest/gtest.h"
#include "mutate/mutator.h"
#include "mutate/settings.h"
#include "parse/parse_service.h"
#include "tests/test_util.h"

namespace grammut {
namespace {

constexpr absl::Duration kTimeout = absl::Seconds(60);

// A server in a thread on one end of a socket pair; the test is the client.
class ServerThread {
 public:
  ServerThread() {
    EXPECT_EQ(socketpair(AF_UNIX, SOCK_STREAM, 0, fds_), 0);
    thread_ = std::thread([this] { status_ = ServeParses(fds_[1], fds_[1]); });
  }
  ~ServerThread() {
    if (fds_[0] >= 0) (void)Close();
    close(fds_[1]);
  }
  int fd() const { return fds_[0]; }
  // Ends the session as a client does; returns the server's result.
  absl::Status Close() {
    close(fds_[0]);
    fds_[0] = -1;
    thread_.join();
    return status_;
  }

 private:
  int fds_[2] = {-1, -1};
  std::thread thread_;
  absl::Status status_;
};

absl::StatusOr<ParseResult> ParseVia(int fd, absl::string_view bytes) {
  std::string request;
  EncodeParseRequest(bytes, &request);
  absl::Status st = WriteFrame(fd, request);
  if (!st.ok()) return st;
  absl::StatusOr<std::string> reply = ReadFrame(fd, absl::Now() + kTimeout);
  if (!reply.ok()) return reply.status();
  ServerUsage usage;
  return DecodeParseReply(*reply, &usage);
}

TEST(ParseService, EveryGrammarsSamplesParseExactlyAsInProcess) {
  for (const std::string& name : testing::ShippedGrammars()) {
    SCOPED_TRACE(name);
    std::unique_ptr<Grammar> g = testing::LoadShipped(name);
    ServerThread server;
    ASSERT_TRUE(WriteFrame(server.fd(), EncodeHello(*g, {})).ok());
    absl::StatusOr<std::string> ready = ReadFrame(server.fd());
    ASSERT_TRUE(ready.ok()) << ready.status();
    absl::StatusOr<uint64_t> fingerprint = DecodeReady(*ready);
    ASSERT_TRUE(fingerprint.ok()) << fingerprint.status();
    EXPECT_EQ(*fingerprint, g->fingerprint());
    Parser local(*g);
    std::vector<std::string> inputs;
    for (const std::string& f : testing::Samples(name)) {
      inputs.push_back(testing::ReadFileOrDie(f));
    }
    inputs.push_back("");                       // empty input
    inputs.push_back(inputs.front() + "\x01");  // a syntax error at the end
    for (const std::string& input : inputs) {
      absl::StatusOr<ParseResult> remote = ParseVia(server.fd(), input);
      absl::StatusOr<ParseResult> here = local.Parse(input);
      ASSERT_EQ(remote.ok(), here.ok());
      if (!here.ok()) continue;
      EXPECT_EQ(remote->syntax_errors, here->syntax_errors);
      EXPECT_EQ(remote->used_ll, here->used_ll);
      EXPECT_EQ(remote->first_error, here->first_error);
      testing::ExpectSameTree(remote->tree, here->tree);
    }
    EXPECT_TRUE(server.Close().ok());
  }
}

// The server has no .g4 source: the hello carries the predicates and
// actions, so a grammar with Python-style INDENT/DEDENT (made from the
// layout, indentation.h) parses there exactly as in-process. Without them
// the server made no INDENT and every block was a syntax error.
TEST(ParseService, IndentationTokensAreMadeByTheServerToo) {
  auto g = testing::LoadG4Text(
      "Indent.g4", testing::ReadFileOrDie(testing::TestData("Indent.g4")),
      "file_input");
  ASSERT_TRUE(g.ok()) << g.status();
  ASSERT_TRUE((*g)->indentation().active());
  ServerThread server;
  ASSERT_TRUE(WriteFrame(server.fd(), EncodeHello(**g, {})).ok());
  ASSERT_TRUE(ReadFrame(server.fd()).ok());
  Parser local(**g);
  for (const std::string input :
       {"if x:\n  y = 1\nz = 2\n", "while a:\n\tif b:\n\t\tc = 1\n"}) {
    absl::StatusOr<ParseResult> remote = ParseVia(server.fd(), input);
    absl::StatusOr<ParseResult> here = local.Parse(input);
    ASSERT_TRUE(remote.ok() && here.ok());
    EXPECT_EQ(here->syntax_errors, 0) << input;
    EXPECT_EQ(remote->syntax_errors, 0) << input;
    testing::ExpectSameTree(remote->tree, here->tree);
  }
  EXPECT_TRUE(server.Close().ok());
}

TEST(ParseService, TheParsesOwnRefusalComesBackAsIs) {
  std::unique_ptr<Grammar> g = testing::LoadShipped("json");
  ParseOptions options;
  options.max_depth = 5;
  ServerThread server;
  ASSERT_TRUE(WriteFrame(server.fd(), EncodeHello(*g, options)).ok());
  ASSERT_TRUE(ReadFrame(server.fd()).ok());
  const std::string deep = "[[[[[[[[[[1]]]]]]]]]]";
  absl::StatusOr<ParseResult> remote = ParseVia(server.fd(), deep);
  absl::StatusOr<ParseResult> here = Parser(*g, options).Parse(deep);
  ASSERT_FALSE(here.ok());
  ASSERT_FALSE(remote.ok());
  EXPECT_EQ(remote.status(), here.status());
  // And the session goes on.
  EXPECT_TRUE(ParseVia(server.fd(), "[1]").ok());
}

TEST(ParseService, AnotherProtocolVersionIsRefusedWithAReason) {
  std::unique_ptr<Grammar> g = testing::LoadShipped("json");
  std::string hello = EncodeHello(*g, {});
  hello[1] ^= 0x7F;  // the version's low byte
  ServerThread server;
  ASSERT_TRUE(WriteFrame(server.fd(), hello).ok());
  absl::StatusOr<std::string> reply = ReadFrame(server.fd());
  ASSERT_TRUE(reply.ok());
  absl::StatusOr<uint64_t> ready = DecodeReady(*reply);
  ASSERT_FALSE(ready.ok());
  EXPECT_TRUE(absl::StrContains(ready.status().message(), "protocol version"))
      << ready.status();
  EXPECT_FALSE(server.Close().ok());
}

TEST(ParseService, EveryTruncatedReplyIsRefused) {
  std::unique_ptr<Grammar> g = testing::LoadShipped("json");
  ServerThread server;
  ASSERT_TRUE(WriteFrame(server.fd(), EncodeHello(*g, {})).ok());
  ASSERT_TRUE(ReadFrame(server.fd()).ok());
  std::string request;
  EncodeParseRequest("{\"a\": [1]}", &request);
  ASSERT_TRUE(WriteFrame(server.fd(), request).ok());
  absl::StatusOr<std::string> reply = ReadFrame(server.fd());
  ASSERT_TRUE(reply.ok());
  ServerUsage usage;
  ASSERT_TRUE(DecodeParseReply(*reply, &usage).ok());
  EXPECT_GT(usage.peak_rss_mb, 0);
  for (size_t n = 0; n < reply->size(); ++n) {
    EXPECT_EQ(DecodeParseReply(reply->substr(0, n), &usage).status().code(),
              absl::StatusCode::kDataLoss)
        << n;
  }
}

// The real helper binary, built beside this test.
const std::string kCli = GRAMMUT_CLI;

// Whether this process has no child left, running or a zombie: every
// helper it started was stopped and reaped. (ctest runs each test in its
// own process.)
bool NoChildren() {
  int status = 0;
  return waitpid(-1, &status, WNOHANG) < 0 && errno == ECHILD;
}

TEST(ParseHelper, TheRealHelperParsesLikeTheFuzzerWould) {
  std::unique_ptr<Grammar> g = testing::LoadShipped("sqlite");
  auto helper = ParseHelper::Start(kCli, *g, {}, kTimeout);
  ASSERT_TRUE(helper.ok()) << helper.status();
  Parser local(*g);
  for (const std::string& f : testing::Samples("sqlite")) {
    const std::string input = testing::ReadFileOrDie(f);
    absl::StatusOr<ParseResult> remote = (*helper)->Parse(input);
    absl::StatusOr<ParseResult> here = local.Parse(input);
    ASSERT_TRUE(remote.ok()) << f << ": " << remote.status();
    ASSERT_TRUE(here.ok());
    testing::ExpectSameTree(remote->tree, here->tree);
  }
  EXPECT_GT((*helper)->usage().peak_rss_mb, 0);
}

TEST(ParseHelper, AKilledHelperIsUnavailableAndStopped) {
  std::unique_ptr<Grammar> g = testing::LoadShipped("json");
  auto helper = ParseHelper::Start(kCli, *g, {}, kTimeout);
  ASSERT_TRUE(helper.ok()) << helper.status();
  ASSERT_TRUE((*helper)->Parse("[1]").ok());
  ASSERT_EQ(kill((*helper)->pid(), SIGKILL), 0);
  absl::StatusOr<ParseResult> r = (*helper)->Parse("[2]");
  EXPECT_EQ(r.status().code(), absl::StatusCode::kUnavailable) << r.status();
  EXPECT_FALSE((*helper)->alive());
  EXPECT_TRUE(NoChildren());
  EXPECT_EQ((*helper)->Parse("[3]").status().code(),
            absl::StatusCode::kUnavailable);
}

TEST(ParseHelper, ABinaryThatIsNoParseServerIsAClearError) {
  std::unique_ptr<Grammar> g = testing::LoadShipped("json");
  auto missing = ParseHelper::Start("/nonexistent/grammut", *g, {}, kTimeout);
  ASSERT_FALSE(missing.ok());
  EXPECT_TRUE(
      absl::StrContains(missing.status().message(), "/nonexistent/grammut"))
      << missing.status();
  // `true` exits at once: the hello finds no one.
  auto other = ParseHelper::Start("/bin/true", *g, {}, kTimeout);
  ASSERT_FALSE(other.ok());
  EXPECT_TRUE(absl::StrContains(other.status().message(), "/bin/true"))
      << other.status();
}

TEST(ParseHelper, AHelperThatNeverAnswersTimesOut) {
  std::unique_ptr<Grammar> g = testing::LoadShipped("json");
  // A script that reads its input and never answers.
  const std::string script = ::testing::TempDir() + "/grammut_silent_helper.sh";
  {
    std::ofstream out(script);
    out << "#!/bin/sh\nexec cat >/dev/null\n";
  }
  std::filesystem::permissions(script, std::filesystem::perms::owner_all);
  auto silent = ParseHelper::Start(script, *g, {}, absl::Milliseconds(200));
  ASSERT_FALSE(silent.ok());
  // Reported as a timeout, and the helper stopped and reaped.
  EXPECT_EQ(silent.status().code(), absl::StatusCode::kDeadlineExceeded)
      << silent.status();
  EXPECT_TRUE(NoChildren());
}

TEST(ParseHelper, FindsTheToolBesideTheBuild) {
  // This test is built in build/tests; the tool in build/tools.
  const std::string found = FindParseHelperBinary();
  ASSERT_FALSE(found.empty());
  EXPECT_TRUE(std::filesystem::equivalent(found, kCli)) << found;
}

// Outputs of a mutator over the SQLite samples, as corpus entries, seeds
// 1..n per entry (GRAMMUT_DETERMINISTIC-style config: no measured time).
std::vector<std::string> Outputs(const std::string& helper, int n,
                                 MutatorStats* stats,
                                 std::string* parsing = nullptr) {
  MutatorConfig c;
  c.deterministic = true;
  c.parse_helper = helper;
  auto m = Mutator::Create(c, testing::LoadShipped("sqlite"));
  EXPECT_TRUE(m.ok()) << m.status();
  if (parsing != nullptr) *parsing = (*m)->ParsingDescription();
  std::vector<std::string> out;
  std::vector<uint8_t> buf(4096);
  for (const std::string& f : testing::Samples("sqlite")) {
    const std::string input = testing::ReadFileOrDie(f).substr(0, 4096);
    for (int seed = 1; seed <= n; ++seed) {
      std::copy(input.begin(), input.end(), buf.begin());
      const size_t size =
          (*m)->Mutate(buf.data(), input.size(), buf.size(), seed);
      out.emplace_back(reinterpret_cast<char*>(buf.data()), size);
      (*m)->ReportOutcome(Mutator::Fate::kDiscarded, 1e-3);
    }
  }
  *stats = (*m)->stats();
  return out;
}

TEST(ParseHelper, MutatorOutputsAreTheSameWithOrWithoutTheHelper) {
  MutatorStats with, without;
  std::string parsing;
  const std::vector<std::string> a = Outputs(kCli, 20, &with, &parsing);
  const std::vector<std::string> b = Outputs("", 20, &without);
  EXPECT_TRUE(absl::StrContains(parsing, "helper process")) << parsing;
  EXPECT_GT(with.helper_parses, 0u);
  EXPECT_EQ(without.helper_parses, 0u);
  EXPECT_EQ(with.helper_failures, 0u);
  EXPECT_EQ(a, b);
}

TEST(ParseHelper, MutatorParsesInProcessWhenTheHelperCannotStart) {
  MutatorStats with, without;
  std::string parsing;
  const std::vector<std::string> a = Outputs("/bin/true", 5, &with, &parsing);
  const std::vector<std::string> b = Outputs("", 5, &without);
  EXPECT_TRUE(absl::StrContains(parsing, "in-process (parse helper failed"))
      << parsing;
  EXPECT_EQ(with.helper_parses, 0u);
  EXPECT_EQ(a, b);
}

TEST(ParseHelper, MutatorStartsANewHelperAfterOneDies) {
  MutatorConfig c;
  c.deterministic = true;
  c.parse_helper = kCli;
  c.arms = "grammar";  // every call needs the entry's tree
  auto m = Mutator::Create(c, testing::LoadShipped("json"));
  ASSERT_TRUE(m.ok()) << m.status();
  std::vector<uint8_t> buf(256);
  auto mutate = [&](const std::string& entry) {
    std::copy(entry.begin(), entry.end(), buf.begin());
    (*m)->Mutate(buf.data(), entry.size(), buf.size(), 1);
    (*m)->ReportOutcome(Mutator::Fate::kDiscarded, 1e-3);
  };
  mutate("[1, 2]");
  const pid_t first = (*m)->helper_pid();
  ASSERT_GT(first, 0);
  EXPECT_EQ((*m)->stats().helper_parses, 1u);
  ASSERT_EQ(kill(first, SIGKILL), 0);
  // The entry the dead helper was asked for counts as unparsable; the
  // next one gets a new helper.
  mutate("{\"a\": 1}");
  EXPECT_EQ((*m)->stats().helper_failures, 1u);
  EXPECT_EQ((*m)->stats().parse_failures, 1u);
  EXPECT_EQ((*m)->helper_pid(), -1);
  mutate("[3]");
  EXPECT_GT((*m)->helper_pid(), 0);
  EXPECT_NE((*m)->helper_pid(), first);
  EXPECT_EQ((*m)->stats().helper_parses, 2u);
  EXPECT_TRUE(absl::StrContains((*m)->ParsingDescription(), "helper process"));
}

TEST(ParseHelper, TheEnvironmentChoosesTheHelper) {
  unsetenv("GRAMMUT_PARSE_HELPER");
  absl::StatusOr<MutatorConfig> c = ConfigFromEnvironment();
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_EQ(c->parse_helper, FindParseHelperBinary());
  setenv("GRAMMUT_PARSE_HELPER", "0", 1);
  c = ConfigFromEnvironment();
  ASSERT_TRUE(c.ok()) << c.status();
  EXPECT_EQ(c->parse_helper, "");
  setenv("GRAMMUT_PARSE_HELPER", "/nonexistent/grammut", 1);
  c = ConfigFromEnvironment();
  ASSERT_FALSE(c.ok());
  EXPECT_TRUE(absl::StrContains(c.status().message(),
                                "GRAMMUT_PARSE_HELPER='/nonexistent/grammut'"))
      << c.status();
  unsetenv("GRAMMUT_PARSE_HELPER");
}

}  // namespace
}  // namespace grammut
