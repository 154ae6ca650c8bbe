#!/usr/bin/env python3
"""Writes the benchmarks' mixed extraction corpus (deterministic; run it again after changing it):
  src/main/resources/dev/calltype/benchmarks/mixed-corpus.jsonl  one response a line:
      {"id", "kind", "response", "payloads"}
    kind:     prose | calls | malformed | large
    response: the model's raw text
    payloads: the strict JSON of each call the response holds ({"name", "arguments"}, as the response writes it
              where it writes JSON; the strict equivalent where it writes pythonic, single-quoted or trailing-comma
              JSON). Jackson's readTree over these is the baseline: the parse any extractor pays for at least.
  src/main/resources/dev/calltype/benchmarks/mixed-tools.json     the tools the responses call (OpenAI format)
"""
import json, os, random

HERE = os.path.dirname(os.path.abspath(__file__))
OUT = os.path.join(HERE, "src/main/resources/dev/calltype/benchmarks")
rnd = random.Random(20261122)

TOOLS = [
    ("get_weather", "Current weather for a city", {"city": {"type": "string"}, "unit": {"type": "string", "enum": ["celsius", "fahrenheit"]}}, ["city"]),
    ("search_docs", "Search the documentation", {"query": {"type": "string"}, "limit": {"type": "integer"}}, ["query"]),
    ("write_file", "Write a text file", {"path": {"type": "string"}, "content": {"type": "string"}}, ["path", "content"]),
    ("create_event", "Create a calendar event", {"title": {"type": "string"}, "start": {"type": "string"},
        "attendees": {"type": "array", "items": {"type": "string"}}}, ["title", "start"]),
    ("run_sql", "Run a read-only SQL query", {"query": {"type": "string"}, "max_rows": {"type": "integer"}}, ["query"]),
]

WORDS = ("the of and to in is that it for as with was on be by this are from at or an have not which but all were "
         "when we there can more if will one about up out would so what their has its into some them time could "
         "report weather city forecast quarter revenue growth customer order invoice schedule meeting release build "
         "test server cache latency request response model token stream parser schema database index query table "
         "Paris Berlin Tokyo Lisbon Oslo Monday Friday morning evening").split()

CITIES = ["Paris", "Berlin", "Tokyo", "Lisbon", "Oslo", "São Paulo", "Zürich", "Kraków", "Reykjavík", "Nairobi"]


def sentence():
    n = rnd.randint(6, 18)
    s = " ".join(rnd.choice(WORDS) for _ in range(n))
    s = s[0].upper() + s[1:]
    if rnd.random() < 0.15:
        s += " (about %d%%)" % rnd.randint(1, 99)
    if rnd.random() < 0.1:
        s += ", e.g. `%s()`" % rnd.choice(["flush", "close", "parse"])
    return s + rnd.choice([".", ".", ".", "?", "!"])


def paragraph():
    return " ".join(sentence() for _ in range(rnd.randint(2, 6)))


def prose(paragraphs):
    parts = []
    for _ in range(paragraphs):
        r = rnd.random()
        if r < 0.12:
            parts.append("\n".join("- " + sentence() for _ in range(rnd.randint(2, 5))))
        elif r < 0.2:
            parts.append("## " + " ".join(rnd.choice(WORDS) for _ in range(3)).title())
        elif r < 0.25:
            parts.append("| city | temp |\n|---|---|\n" + "\n".join("| %s | %d |" % (rnd.choice(CITIES), rnd.randint(-5, 35)) for _ in range(3)))
        else:
            parts.append(paragraph())
    return "\n\n".join(parts)


def args_for(name):
    if name == "get_weather":
        return {"city": rnd.choice(CITIES), "unit": rnd.choice(["celsius", "fahrenheit"])}
    if name == "search_docs":
        return {"query": " ".join(rnd.choice(WORDS) for _ in range(3)), "limit": rnd.randint(1, 20)}
    if name == "write_file":
        return {"path": "notes/%s.md" % rnd.choice(WORDS), "content": paragraph()}
    if name == "create_event":
        return {"title": " ".join(rnd.choice(WORDS) for _ in range(3)).title(), "start": "2026-12-%02dT%02d:00:00" % (rnd.randint(1, 28), rnd.randint(8, 18)),
                "attendees": [rnd.choice(["ana@example.com", "bo@example.com", "chen@example.com", "dee@example.com"]) for _ in range(rnd.randint(1, 3))]}
    return {"query": "SELECT id, total FROM orders WHERE total > %d ORDER BY total DESC" % rnd.randint(10, 500), "max_rows": rnd.randint(5, 50)}


def payload(name, args):
    return json.dumps({"name": name, "arguments": args}, ensure_ascii=False)


def pyvalue(v):
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list):
        return "[" + ", ".join(pyvalue(x) for x in v) + "]"
    return str(v)


def render(fmt, name, args):
    """The call as a model writes it in a format; returns (text, strict payload)."""
    p = payload(name, args)
    if fmt == "marker":
        return "TOOL_CALL\n" + p, p
    if fmt == "tags":
        return "[TOOL_CALL]" + p + "[/TOOL_CALL]", p
    if fmt == "tool_call":
        return "<tool_call>\n" + p + "\n</tool_call>", p
    if fmt == "fence":
        return "```json\n" + json.dumps({"name": name, "arguments": args}, ensure_ascii=False, indent=2) + "\n```", p
    if fmt == "pythonic":
        return "[" + name + "(" + ", ".join("%s=%s" % (k, pyvalue(v)) for k, v in args.items()) + ")]", p
    if fmt == "mistral":
        return "[TOOL_CALLS]" + json.dumps([{"name": name, "arguments": args}], ensure_ascii=False), p
    if fmt == "functionary":
        return "<function=" + name + ">" + json.dumps(args, ensure_ascii=False) + "</function>", p
    raise ValueError(fmt)


FORMATS = ["marker", "tags", "tool_call", "fence", "pythonic", "mistral", "functionary"]


def malformed(name, args):
    """A repairable call: single quotes, trailing comma or unquoted keys, inside <tool_call> tags."""
    p = payload(name, args)
    kind = rnd.choice(["single_quotes", "trailing_comma", "unquoted_keys"])
    body = json.dumps({"name": name, "arguments": args}, ensure_ascii=False)
    if kind == "single_quotes":
        body = body.replace("'", "").replace('"', "'")
        p = payload(name, json.loads(json.dumps(args).replace("'", "")))
    elif kind == "trailing_comma":
        body = body[:-2] + "},}"
    else:
        body = body.replace('"name":', "name:").replace('"arguments":', "arguments:")
    return "<tool_call>" + body + "</tool_call>", p


def code(size):
    lines = []
    n = 0
    i = 0
    while n < size:
        i += 1
        line = rnd.choice([
            "    public int compute%d(int x) {" % i,
            "        return x * %d + \"%s\".length(); // %s" % (i, rnd.choice(WORDS), rnd.choice(WORDS)),
            "    }",
            "",
            "    /** %s */" % sentence(),
            "        if (x > %d) { throw new IllegalArgumentException(\"x: \" + x); }" % i,
            "        String s = \"tab\\there\";",
        ])
        lines.append(line)
        n += len(line) + 1
    return "public final class Generated {\n" + "\n".join(lines) + "\n}\n"


def main():
    cases = []
    for i in range(24):
        cases.append({"kind": "prose", "response": prose(rnd.randint(2, 8)), "payloads": []})
    for i in range(48):
        n = rnd.choice([1, 1, 1, 2, 2, 3])
        parts, payloads = [], []
        if rnd.random() < 0.7:
            parts.append(prose(rnd.randint(1, 2)))
        for _ in range(n):
            name = rnd.choice(TOOLS)[0]
            text, p = render(rnd.choice(FORMATS), name, args_for(name))
            parts.append(text)
            payloads.append(p)
        if rnd.random() < 0.3:
            parts.append(sentence())
        cases.append({"kind": "calls", "response": "\n\n".join(parts), "payloads": payloads})
    for i in range(12):
        name = rnd.choice(TOOLS)[0]
        text, p = malformed(name, args_for(name))
        cases.append({"kind": "malformed", "response": sentence() + "\n" + text, "payloads": [p]})
    for size in (10_000, 30_000, 60_000, 100_000):
        args = {"path": "src/Generated%d.java" % size, "content": code(size)}
        text, p = render(rnd.choice(["tool_call", "marker"]), "write_file", args)
        cases.append({"kind": "large", "response": "I will write the file now.\n" + text, "payloads": [p]})
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, "mixed-corpus.jsonl"), "w", encoding="utf-8") as f:
        for i, c in enumerate(cases):
            f.write(json.dumps({"id": "%s-%02d" % (c["kind"], i), **c}, ensure_ascii=False) + "\n")
    tools = [{"type": "function", "function": {"name": n, "description": d,
              "parameters": {"type": "object", "properties": p, "required": r}}} for n, d, p, r in TOOLS]
    with open(os.path.join(OUT, "mixed-tools.json"), "w", encoding="utf-8") as f:
        json.dump(tools, f, indent=1)
        f.write("\n")


main()
