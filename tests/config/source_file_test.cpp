// SourceFile: a source location's file name, interned.
#include "config/source_file.hpp"

#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

#include "config/input_error.hpp"

namespace aqlsim {
namespace {

TEST(SourceFile, TheSameNameIsOneCopy) {
  const SourceFile a("graphs/g.jsonl");
  const SourceFile b(std::string("graphs/") + "g.jsonl");
  const SourceFile c("graphs/h.jsonl");
  EXPECT_EQ(&a.str(), &b.str());
  EXPECT_TRUE(a == b);
  EXPECT_FALSE(a == c);
  EXPECT_TRUE(a == "graphs/g.jsonl");
  EXPECT_TRUE(a == std::string("graphs/g.jsonl"));
  EXPECT_FALSE(a == std::string_view("graphs/g.json"));
  EXPECT_TRUE(SourceFile().empty());
  EXPECT_EQ(SourceFile().str(), "");
}

TEST(SourceFile, LocationsReadAsBefore) {
  EXPECT_EQ((SourceLocation{"f.yaml", 3, 4}.to_string()), "f.yaml:3:4");
  EXPECT_EQ((SourceLocation{"f.yaml", 3, 0}.to_string()), "f.yaml:3");
  EXPECT_EQ((SourceLocation{"--set device.cus=4", 0, 0}.to_string()), "--set device.cus=4");
}

TEST(SourceFile, ThreadsNamingTheSameFilesShareTheirCopies) {
  // `compare --jobs` loads workloads on several threads at once.
  constexpr int kThreads = 4;
  constexpr int kNames = 200;
  std::vector<std::vector<const std::string*>> seen(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([t, &seen] {
      for (int i = 0; i < kNames; ++i)
        seen[t].push_back(&SourceFile("threaded/" + std::to_string((i * 7 + t) % kNames)).str());
    });
  }
  for (std::thread& thread : threads)
    thread.join();
  for (int i = 0; i < kNames; ++i) {
    const std::string* first = &SourceFile("threaded/" + std::to_string(i)).str();
    for (int t = 0; t < kThreads; ++t) {
      const int at = [&] {
        for (int j = 0; j < kNames; ++j)
          if ((j * 7 + t) % kNames == i) return j;
        return -1;
      }();
      ASSERT_EQ(seen[t][at], first) << "thread " << t << ", name " << i;
    }
  }
}

}  // namespace
}  // namespace aqlsim
