#!/usr/bin/env python3
"""Writes the fuzz seed corpora under runtime/src/test/resources from the conformance corpus and a few
hand-written inputs. Each seed is a selector byte followed by UTF-8 text (see FuzzText.java). Re-run after
changing the conformance corpus; crash inputs that Jazzer adds to the same directories are kept."""
import json
import os
import re

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RES = os.path.join(ROOT, "runtime", "src", "test", "resources")
PKG = os.path.join(RES, "dev", "calltype", "runtime")


def write(target, name, selector, text):
    d = os.path.join(PKG, target)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "seed-" + name), "wb") as f:
        f.write(bytes([selector]) + text.encode("utf-8", "surrogatepass"))


cases = [json.loads(l) for l in open(os.path.join(RES, "conformance", "extraction.jsonl"), encoding="utf-8")
         if l.strip()]

EXTRA = {
    "nested-marker-in-string": '<tool_call>{"name": "shell", "arguments": {"command": "echo \'<tool_call>{}</tool_call>\'"}}</tool_call>',
    "think-unclosed": "<think>maybe call ping()\n<tool_call>{\"name\": \"ping\"}</tool_call>",
    "deep": "[" * 40 + "]" * 39,
    "unterminated-string": '<tool_call>{"name": "shell", "arguments": {"command": "ls',
    "f-paren": "f(" * 30,
    "open-tags": "<tool_call>" * 20,
    "nul-and-surrogates": '<tool_call>{"name": "ping", "arguments": {"x": "\x00\ud800"}}</tool_call>\udc00',
    "duplicate-keys": '<tool_call>{"name": "ping", "arguments": {"a": 1, "a": 2}}</tool_call>',
    "long-number": '<tool_call>{"name": "read_file", "arguments": {"path": "x", "max_lines": ' + "9" * 40 + "}}</tool_call>",
    "import-os": "__import__('os').system('x')",
}

for target in ("ExtractionFuzzTestInputs/batchExtraction", "ExtractionFuzzTestInputs/streamingMatchesBatch"):
    for i, c in enumerate(cases):
        write(target, c["id"], (i * 4) % 256 if target.endswith("Batch") else 0, c["text"])
        write(target, c["id"] + "-small-limits", 3, c["text"])
    for k, v in EXTRA.items():
        write(target, k, 0, v)
        write(target, k + "-small-limits", 3 + 4 * 7, v)

# JSON: every JSON-looking part of the corpus, from its first brace or bracket.
json_seeds = {}
for c in cases:
    m = re.search(r"[\[{]", c["text"])
    if m:
        json_seeds[c["id"]] = c["text"][m.start():]
json_seeds.update({
    "strict": '{"a": [1, -0.5, 1e21, true, false, null, "x\\u00e9\\ud83d\\ude00"], "b": {}}',
    "lenient": "{'a': 'O\\'Reilly', b: [1, 2,], /* c */ 'c': True, d: None // e\n}",
    "smart-quotes": "{\u201cname\u201d: \u201cping\u201d}",
    "missing-closers": '{"a": {"b": [1, 2',
    "duplicate": '{"a": 1, "a": 2}',
    "big-number": "1" * 30 + ".5e-3",
    "gemma": "{key:<|\"|>text<|\"|>,n:3}",
    "deep": "[" * 30 + "]" * 30,
})
for k, v in json_seeds.items():
    write("internal/json/LenientJsonFuzzTestInputs/readsLikeJsonAndIsPrefixStable", k, 0, v)
write("internal/json/LenientJsonFuzzTestInputs/readsLikeJsonAndIsPrefixStable", "gemma-quote", 2, "{key:<|\"|>text<|\"|>,n:3}")
write("internal/json/LenientJsonFuzzTestInputs/readsLikeJsonAndIsPrefixStable", "deep-small", 1, "[" * 30 + "]" * 30)

py_seeds = {c["id"]: c["text"] for c in cases if c["id"].startswith("py-")}
py_seeds.update({
    "kwargs": 'search(query="AI", limit=5, exact=True, tags=["a", \'b\'], opts={"k": None, 1: 2.5})',
    "list": '[a(x=1), b("y"), client.api.c(z=(1, 2))]',
    "triple": 'note(text="""line one\nline "two" """, raw=r"\\d+", hex=0x1F, big=1_000_000, neg=-3.5e-2)',
    "import": "__import__('os').system('x')",
    "attribute": "os.system('rm -rf /')",
    "attribute-value": "f(x=os.environ)",
    "lambda": "f(key=lambda: 1)",
    "fstring": "f(x=f'{secret}')",
    "comprehension": "f(x=[i for i in range(10)])",
    "kwargs-splat": "f(**{'a': 1})",
    "args-splat": "f(*[1, 2])",
    "call-in-arg": "f(x=open('/etc/passwd').read())",
    "operator": "f(x=1+1)",
    "unterminated": 'f(x="abc',
    "adjacent-strings": "f(x='a' \"b\")",
})
for k, v in py_seeds.items():
    write("internal/pythonic/PythonicFuzzTestInputs/readsLiteralCallsAndIsPrefixStable", k, 0, v)
write("internal/pythonic/PythonicFuzzTestInputs/readsLiteralCallsAndIsPrefixStable", "deep-small", 1, "f(x=" + "[" * 20 + "]" * 20 + ")")

tools = ["read_file", "translate", "stock_price", "add_todo", "shell", "ping", "book_room", "draw", "send_email"]
args = {
    "read_file": ['{"path": "README.md", "max_lines": 20}', '{"path": 5}', '{"max_lines": "7"}'],
    "translate": ['{"text": "hello", "target": "de"}', '{"text": "x", "target": "xx"}'],
    "stock_price": ['{"ticker": "ACME"}', '{}'],
    "add_todo": ['{"title": "buy milk"}', '{"title": null}'],
    "shell": ['{"command": "ls -l"}', '{"command": ["ls"]}'],
    "ping": ['{}', '{"extra": 1}'],
    "book_room": ['{"city": "Paris", "nights": 2, "guests": ["Ann"], "level": "suite", "budget": 120.5, '
                  '"arrival": "2025-05-01", "code": "AB12"}',
                  '{"city": "", "nights": "3", "guests": ["a", "a"], "budget": 0, "code": "ab"}',
                  '{"city": "Rome", "nights": 1e400, "guests": "Bob"}'],
    "draw": ['{"shapes": [{"kind": "circle", "center": {"x": 1, "y": 2}, "r": 3}, '
             '{"kind": "polygon", "points": [{"x": 0, "y": 0}, {"x": 1, "y": 0}, {"x": 0, "y": 1}]}], '
             '"fill": "#00ff00", "layers": {"a": 1}, "grid": [[true, false]], "tags": ["t", 1]}',
             '{"shapes": [{"kind": "square"}], "fill": "red", "tags": ["t", 1, 2]}'],
    "send_email": ['{"to": "a@b.example", "subject": "hi", "body": "text", "at": "2025-01-01T10:00:00Z", '
                   '"id": "123e4567-e89b-12d3-a456-426614174000", "priority": 2}',
                   '{"to": "nobody", "body": "boom"}', '{"to": "a@b.example", "body": "boom"}', '{"to": "a@b.c", "body": "\\u0000\\u001b[31m"}'],
}
for i, t in enumerate(tools):
    for j, a in enumerate(args[t]):
        write("DynamicToolkitFuzzTestInputs/dispatchRunsOnlyValidArguments", f"{t}-{j}", i, a)
write("DynamicToolkitFuzzTestInputs/dispatchRunsOnlyValidArguments", "made-up-name", 0, "rm_rf\x00\n" + "x" * 300)

# The generated dispatcher (processor module): tool index as in GeneratedDispatcherFuzzTest (Echo's tools in
# declaration order, then Mirror's book).
PROC = os.path.join(ROOT, "processor", "src", "test", "resources", "dev", "calltype", "processor",
                    "GeneratedDispatcherFuzzTestInputs", "dispatchRunsOnlyValidArguments")
echo_tools = ["text", "letter", "flag", "tiny", "small", "number", "big", "single", "real", "boxed", "decimal",
              "huge", "color", "id", "link", "day", "moment", "stamp", "instant", "span", "numbers", "colors",
              "words", "ints", "strings", "grid", "counts", "maybe", "point", "shape", "tree", "routes", "defaults",
              "constrained", "pair", "named", "optional_number", "nothing", "opaque", "fails", "npe", "shout", "book"]
proc_args = {
    "text": ['{"value": "h\\u00e9llo"}', '{"value": 5}'], "letter": ['{"value": "x"}', '{"value": "xy"}'],
    "flag": ['{"value": true}', '{"value": "yes"}'], "tiny": ['{"value": -128}', '{"value": 128}'],
    "small": ['{"value": 32767}'], "number": ['{"value": 42}', '{"value": 4.5}', '{"value": "7"}'],
    "big": ['{"value": 9007199254740993}'], "single": ['{"value": 1.5}', '{"value": 1e39}'],
    "real": ['{"value": -0.25}', '{"value": "1e400"}'], "boxed": ['{"value": null}', '{}'],
    "decimal": ['{"value": "12.50"}', '{"value": 1e-9999}'], "huge": ['{"value": 123456789012345678901234567890}'],
    "color": ['{"value": "RED"}', '{"value": "dark_blue"}', '{"value": "GREEN"}'],
    "id": ['{"value": "123e4567-e89b-12d3-a456-426614174000"}', '{"value": "nope"}'],
    "link": ['{"value": "https://example.com/a?b=c"}', '{"value": "::"}'],
    "day": ['{"value": "2024-05-31"}', '{"value": "2024-02-30"}'], "moment": ['{"value": "2024-05-31T14:30:00"}'],
    "stamp": ['{"value": "2024-05-31T14:30:00+02:00"}'], "instant": ['{"value": "2024-05-31T12:30:00Z"}'],
    "span": ['{"value": "PT15M"}', '{"value": "15 minutes"}'], "numbers": ['{"values": [1, 2, 3]}', '{"values": 1}'],
    "colors": ['{"values": ["RED", "RED"]}'], "words": ['{"values": ["a", "b"]}'], "ints": ['{"values": [1, null]}'],
    "strings": ['{"values": ["x"]}'], "grid": ['{"values": [[1, 2], [3]]}', '{"values": [[[1]]]}'],
    "counts": ['{"values": {"a": 1}}', '{"values": {"a": "x"}}'], "maybe": ['{"value": "x"}', '{"value": null}'],
    "point": ['{"value": {"x": 1, "y": 2}}', '{"value": {"x": 1}}'],
    "shape": ['{"value": {"type": "Circle", "radius": 1.5}}', '{"value": {"type": "Square", "side": 2, "label": "s"}}',
              '{"value": {"radius": 1}}'],
    "tree": ['{"value": {"label": "a", "children": [{"label": "b", "children": []}]}}'],
    "routes": ['{"value": {"home": [{"x": 0, "y": 0}]}}'], "defaults": ['{}', '{"n": 3, "tags": []}'],
    "constrained": ['{"n": 5, "items": ["a"], "email": "a@b.example", "name": "x"}',
                    '{"n": 0, "items": ["a", "b", "c", "d"], "email": "no", "name": ""}'],
    "pair": ['{"first": "a", "second": 1}'], "named": ['{"full_name": "Ada"}', '{"fullName": "Ada"}'],
    "optional_number": ['{}', '{"n": 3}'], "nothing": ['{}'], "opaque": ['{"name": "x"}'],
    "fails": ['{"why": "disk full"}', '{"why": "line\\nbreak\\u0000\\u001b[31m"}'], "npe": ['{}'],
    "shout": ['{"s": "hi"}'],
    "book": ['{"city": "Paris", "nights": 2, "guests": ["Ann"], "color": "DARK_BLUE", "budget": 120.5, "code": "AB12", '
             '"stops": [{"x": 1, "y": 2}], "extras": {"bed": 1}, "email": "a@b.example", "arrival": "2025-05-01", '
             '"note": "late"}',
             '{"city": " ", "nights": 31, "guests": [], "budget": 0, "code": "ab", "email": "x"}',
             '{"city": "Rome", "nights": "3", "guests": ["", "b"]}'],
}
os.makedirs(PROC, exist_ok=True)
for i, t in enumerate(echo_tools):
    for j, a in enumerate(proc_args[t]):
        with open(os.path.join(PROC, f"seed-{t}-{j}"), "wb") as f:
            f.write(bytes([i]) + a.encode("utf-8"))
with open(os.path.join(PROC, "seed-made-up-name"), "wb") as f:
    f.write(bytes([0]) + b"rm -rf /\x00\n" + b"y" * 200)
