# Homebrew formula: `brew tap codable-cli/codable https://github.com/codable-cli/codable`, then
# `brew install codable-cli/codable/codable`. Builds the tagged release from source with
# `swift build -c release` against Homebrew's libyaml (docs/install.md).
class Codable < Formula
  desc "Decode, validate and convert JSON with the exact semantics of Swift's Codable"
  homepage "https://github.com/codable-cli/codable"
  url "https://github.com/codable-cli/codable.git", tag: "v0.1.0"
  head "https://github.com/codable-cli/codable.git", branch: "main"

  depends_on xcode: ["16.3", :build]
  depends_on "pkgconf" => :build
  depends_on "libyaml"

  uses_from_macos "swift" => :build

  def install
    args = ["--configuration", "release", "--product", "codable"]
    args << "--disable-sandbox" if OS.mac?
    args << "--static-swift-stdlib" if OS.linux?
    system "swift", "build", *args
    bin.install ".build/release/codable"
    man1.install "man/codable.1"
    generate_completions_from_executable(bin/"codable", "--generate-completion-script")
  end

  test do
    (testpath/"todo.schema.json").write <<~JSON
      {"type": "object", "required": ["id"], "properties": {"id": {"type": "integer"}}}
    JSON
    (testpath/"todos.jsonl").write <<~JSONL
      {"id": 1}
      {"id": "two"}
    JSONL
    assert_equal "{\"id\":1}\n", shell_output("#{bin}/codable convert --to jsonl --limit 1 todos.jsonl")
    output = shell_output("#{bin}/codable validate --schema todo.schema.json todos.jsonl 2>&1", 1)
    assert_match "todos.jsonl:2:8: error: expected integer, found string", output
    assert_match version.to_s, shell_output("#{bin}/codable --version")
  end
end
