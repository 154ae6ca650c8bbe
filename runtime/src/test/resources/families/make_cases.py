#!/usr/bin/env python3
"""Writes the per-family conformance cases beside this file: one <family>.jsonl per model family and
regressions.jsonl, plus tools.json. Each line is one case:
  {"id", "kind", "text", "calls", "error", "tools"}
  kind:  plain | several | prose | repair | malformed | regression  (every family has the first five)
  calls: the calls expected, in order, each {"name", "arguments"} (arguments compare as JSON, numbers by value)
  error: true - at least one extraction error is required; false - none may be; null - either
  tools: "known" (tools.json, the default), "none" (an extractor without tools) or "only:NAME" (that tool alone)
  optional: format (every call's WireFormat), shown (the user-visible text), ids (the calls' ids), errorKinds (the
  errors' kinds, in order), errorTool (the first error's tool name), messageContains (words of the first error's
  message), repairs (every call has these), withoutRepairs (no call has these), options (extractor settings:
  startsInReasoning, searchReasoning, runCallsInUnclosedReasoning, promptTail, marker, tags [open, close], addTags [open, close],
  ending: STOP | LENGTH | UNKNOWN, how the text ended, as the server's finish reason says; UNKNOWN when absent),
  argumentsShown (the argument text a stream shows for each call, its ArgumentsDelta fragments joined: all of it when
  fed one character at a time, a start of it at any split; markup is never argument text)
A file is one family's and holds the first five kinds, unless every case in it is of kind regression
(regressions.jsonl: the cases that pin behaviour across families). FamilyCasesTest (the checks in FamilyCases,
dev.calltype.runtime.internal.formats) finds every *.jsonl here and checks each case in batch and in streaming (one
character at a time, at every split point, and in fixed chunk sizes). The wire formats follow each model's chat
template and its serving engines' parsers (vLLM, SGLang, llama.cpp); the texts are written here.
Run: python3 make_cases.py
"""
import json, os

HERE = os.path.dirname(os.path.abspath(__file__))
DS, SP = "\uff5c", "\u2581"


def fn(name, desc, props, required=()):
    return {"type": "function", "function": {"name": name, "description": desc, "parameters": {
        "type": "object", "properties": props, "required": list(required)}}}


TOOLS = [
    fn("get_weather", "Weather for a city", {"city": {"type": "string"}, "days": {"type": "integer"},
                                             "metric": {"type": "boolean"}, "options": {"type": "object"},
                                             "hours": {"type": "array", "items": {"type": "integer"}}}, ["city"]),
    fn("send_email", "Send an email", {"to": {"type": "string"}, "subject": {"type": "string"},
                                       "body": {"type": "string"}}, ["to", "subject", "body"]),
    fn("search", "Search the web", {"query": {"type": "string"}, "limit": {"type": "integer"}}, ["query"]),
    fn("python", "Run Python code", {"code": {"type": "string"}}, ["code"]),
    fn("shell", "Run a shell command", {"command": {"type": "string"}}, ["command"]),
    fn("update_record", "Update a record", {"id": {"type": "integer"}, "fields": {"type": "object"},
                                            "tags": {"type": "array", "items": {"type": "string"}},
                                            "note": {"type": ["string", "null"]}}, ["id"]),
    fn("grocery.orderIngredients", "Order ingredients", {"items": {"type": "array", "items": {"type": "string"}}},
       ["items"]),
    fn("now", "Current time", {}),
]
# a tool whose schema exercises the value-typing rule: a nullable integer (anyOf with null), booleans, an array,
# an object through a $ref, a number, strings that look like numbers or null, a string-or-list union
ALARM = fn("set_alarm", "Set an alarm", {
    "label": {"type": "string"}, "snooze": {"anyOf": [{"type": "integer"}, {"type": "null"}]},
    "enabled": {"type": "boolean"}, "days": {"type": "array", "items": {"type": "string"}},
    "when": {"$ref": "#/$defs/Time"}, "volume": {"type": "number"}, "note": {"type": ["string", "null"]},
    "sound": {"anyOf": [{"type": "string"}, {"type": "array", "items": {"type": "string"}}]}}, ["label"])
ALARM["function"]["parameters"]["$defs"] = {"Time": {"type": "object", "properties": {
    "hour": {"type": "integer"}, "minute": {"type": "integer"}}}}
TOOLS.append(ALARM)
# a tool whose schema names its types as a programming language does
TOOLS.append(fn("set_timer", "Set a timer", {"seconds": {"type": "int"}, "repeat": {"type": "uint32"},
                                             "ratio": {"type": "float"}, "steps": {"type": "list"},
                                             "loud": {"type": "bool"}, "tag": {"type": ["string", "integer"]}},
                ["seconds"]))


def c(name, **args):
    return {"name": name, "arguments": args}


W = c("get_weather", city="Oslo", days=2)
S = c("search", query="rust borrow checker", limit=3)
P = c("python", code="def f():\n    return 1\n")
CASES = {}


def case(family, id, kind, text, calls, error=False, tools="known", **more):
    """more: optional checks, each named as in the case file (format, shown, ids, errorKinds, errorTool,
    messageContains, repairs, withoutRepairs) and extractor options (options: startsInReasoning, searchReasoning,
    marker, tags, addTags)."""
    x = {"id": family + "/" + id, "kind": kind, "text": text, "calls": calls, "error": error, "tools": tools}
    x.update(more)
    CASES.setdefault(family, []).append(x)


def js(v):
    return json.dumps(v, ensure_ascii=False)


def std(family, one, many, repair_text, repair_calls, trunc):
    """The five kinds from renderers: one(call) and many(calls) give the markup."""
    case(family, "plain", "plain", one(W), [W])
    case(family, "several", "several", many([W, S]), [W, S])
    case(family, "prose", "prose", "Let me look that up.\n" + one(S) + "\nI'll summarise when it returns.", [S])
    case(family, "repair", "repair", repair_text, repair_calls)
    case(family, "truncated", "malformed", trunc, [], True)


def cut(text, marker):
    """The text up to and including the first `marker`: a call cut off inside its arguments."""
    return text[:text.index(marker) + len(marker)]


# ---------------------------------------------------------------- JSON-bodied families
def jcall(x, name_key="name", args_key="arguments"):
    return js({name_key: x["name"], args_key: x["arguments"]})


one = lambda x: "<tool_call>\n" + jcall(x) + "\n</tool_call>"
one_hermes = one
std("hermes", one, lambda xs: "\n".join(one(x) for x in xs),
    "<tool_call>\n{'name': 'get_weather', 'arguments': {'city': 'Oslo', 'days': 2,}}\n</tool_call>", [W],
    cut(one(W), '"Os'))

# Hermes 2 Pro's variant: <function name="N">{…}</function> inside the tag
hfn = lambda x: "<tool_call>\n<function name=\"" + x["name"] + "\">" + js(x["arguments"]) + "</function>\n</tool_call>"
case("hermes", "function-name-variant", "plain", hfn(W), [W])
case("hermes", "function-name-variant-several", "several", "I'll check both.\n" + hfn(W) + "\n" + hfn(S), [W, S])
case("hermes", "function-name-variant-repaired", "repair",
     "<tool_call><function name=\"get_weather\">{'city': 'Oslo', 'days': 2,}</function></tool_call>", [W])
case("hermes", "function-name-variant-truncated", "malformed", cut(hfn(W), '"Os'), [], True)
case("hermes", "function-name-variant-unclosed-json", "malformed",
     "<tool_call><function name=\"search\">{\"query\": \"x\"</function></tool_call> Done.", [], True)

one = lambda x: "TOOL_CALL " + jcall(x, "tool_name", "parameters")
std("tool-call-marker", one, lambda xs: "\n".join(one(x) for x in xs),
    "TOOL_CALL {tool_name: 'get_weather', parameters: {city: 'Oslo', days: 2}}", [W], cut(one(W), '"Os'))

one = lambda x: "[TOOL_CALL]" + jcall(x) + "[/TOOL_CALL]"
std("bracket-tags", one, lambda xs: "\n".join(one(x) for x in xs),
    "[TOOL_CALL]{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\", \"days\": 2,},}[/TOOL_CALL]", [W],
    cut(one(W), '"Os'))

one = lambda x: "```json\n" + jcall(x) + "\n```"
std("json-fence", one, lambda xs: "```json\n" + js([{"name": x["name"], "arguments": x["arguments"]} for x in xs])
    + "\n```", "```json\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\", \"days\": 2}  // two days\n}\n```",
    [W], cut(one(W), '"Os'))

one = lambda x: "Calling it now: " + jcall(x)
std("embedded-json", one, lambda xs: js([{"name": x["name"], "arguments": x["arguments"]} for x in xs]),
    "Sure: {\"name\": \"get_weather\", \"arguments\": \"{\\\"city\\\": \\\"Oslo\\\", \\\"days\\\": 2}\"}", [W],
    cut(one(W), '"Os'))
# issue 29: calls written as JSON are one object or a list of them (Ollama's JSON templates); two bare objects side
# by side are neither: an error naming the first tool, and nothing runs
# LangChain's JSON agents: {"action": NAME, "action_input": {...}} and {"tool": NAME, "tool_input": {...}}
case("embedded-json", "langchain-action-and-action-input", "prose",
     "I'll search.\n```json\n" + js({"action": "search", "action_input": S["arguments"]}) + "\n```", [S],
     shown="I'll search.\n")
case("embedded-json", "langchain-tool-and-tool-input", "plain", js({"tool": "search", "tool_input": S["arguments"]}),
     [S])
# (LangChainJsonAgentTest: "Final Answer" and an "action" without "action_input" are data)
case("embedded-json", "two-bare-objects-are-an-error-and-none-runs", "malformed", jcall(W) + "\n" + jcall(S), [], True,
     errorKinds=["INVALID_CALL_SYNTAX"], errorTool="get_weather", shown="")
case("embedded-json", "two-bare-objects-after-prose-are-an-error", "malformed",
     "I'll check both. " + jcall(W) + " " + jcall(S) + "\nBack soon.", [], True, errorKinds=["INVALID_CALL_SYNTAX"],
     shown="I'll check both. \nBack soon.")
case("embedded-json", "one-bare-object-then-prose-is-a-call", "prose", jcall(W) + "\nThat should do it.", [W],
     shown="\nThat should do it.")
# a call started, broken where a key belongs by a brace that opens the call written again: the broken start is an
# error, the call after it runs
case("embedded-json", "call-written-again-after-a-broken-start", "malformed",
     '{"name": "get_weather", "arguments": {' + jcall(W), [W], True, errorKinds=["MALFORMED_JSON"],
     errorTool="get_weather")
case("embedded-json", "broken-start-then-an-object-that-is-not-a-call", "malformed",
     '{"name": "get_weather", "arguments": {{"city": "Oslo"}}}', [], True, errorKinds=["MALFORMED_JSON"])

one = lambda x: "[TOOL_CALLS]" + x["name"] + "[ARGS]" + js(x["arguments"])
std("mistral", one, lambda xs: "".join(one(x) for x in xs),
    "[TOOL_CALLS][{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\", \"days\": 2}}]", [W],
    cut(one(W), '"Os'))
# issue 29: pre-v11 text between [TOOL_CALLS] and the list is skipped (LEADING_GARBAGE), as the engines skip it
MLIST = js([{"name": x["name"], "arguments": x["arguments"]} for x in (W, S)])
case("mistral", "fence-between-the-marker-and-the-list", "repair", "[TOOL_CALLS]```json\n" + MLIST + "\n```", [W, S],
     repairs=["LEADING_GARBAGE"], shown="\n```")
case("mistral", "a-word-between-the-marker-and-the-list", "repair", "[TOOL_CALLS] json" + MLIST, [W, S],
     repairs=["LEADING_GARBAGE"], shown="")
case("mistral", "v11-name-and-args-are-not-junk", "plain", "[TOOL_CALLS]search[ARGS]" + js(S["arguments"]), [S],
     withoutRepairs=["LEADING_GARBAGE"])

one = lambda x: "<|python_tag|>" + jcall(x, "name", "parameters")
std("llama3-python-tag", one, lambda xs: "<|python_tag|>" + "; ".join(jcall(x, "name", "parameters") for x in xs),
    "<|python_tag|>{\"name\": \"get_weather\", \"parameters\": {\"city\": \"Oslo\", \"days\": 2}}<|eom_id|>", [W],
    cut(one(W), '"Os'))

one = lambda x: "<function=" + x["name"] + ">" + js(x["arguments"]) + "</function>"
std("llama3-function-tag", one, lambda xs: "".join(one(x) for x in xs),
    "<function=get_weather>{\"city\": \"Oslo\", \"days\": 2,}</function>", [W], cut(one(W), '"Os'))

one = lambda x: "<|tool_call|>" + js([{"name": x["name"], "arguments": x["arguments"]}])
std("granite", one, lambda xs: "<|tool_call|>" + js([{"name": x["name"], "arguments": x["arguments"]} for x in xs]),
    "<|tool_call|>[{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\", \"days\": 2},}]", [W],
    cut(one(W), '"Os'))

one = lambda x: "<function_call> " + jcall(x)
std("granite-20b", one, lambda xs: " ".join(one(x) for x in xs),
    "<function_call> {\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\", \"days\": 2,}}", [W],
    cut(one(W), '"Os'))

one = lambda x: "<TOOLCALL>" + js([{"name": x["name"], "arguments": x["arguments"]}]) + "</TOOLCALL>"
std("nemotron", one, lambda xs: "<TOOLCALL>" + js([{"name": x["name"], "arguments": x["arguments"]} for x in xs])
    + "</TOOLCALL>", "<TOOLCALL>[{'name': 'get_weather', 'arguments': {'city': 'Oslo', 'days': 2},},]</TOOLCALL>",
    [W], cut(one(W), '"Os'))

one = lambda x: "<tool_calls>" + js([{"name": x["name"], "arguments": x["arguments"]}]) + "</tool_calls>"
std("hunyuan-a13b", one, lambda xs: "<tool_calls>" + js([{"name": x["name"], "arguments": x["arguments"]} for x in xs])
    + "</tool_calls>", "<tool_calls>[{'name': 'get_weather', 'arguments': {'city': 'Oslo', 'days': 2}}]</tool_calls>",
    [W], cut(one(W), '"Os'))

one = lambda x: "functools" + js([{"name": x["name"], "arguments": x["arguments"]}])
std("phi4-functools", one, lambda xs: "functools" + js([{"name": x["name"], "arguments": x["arguments"]} for x in xs]),
    "functools[{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\", \"days\": 2,},}]", [W],
    cut(one(W), '"Os'))

one = lambda x: "<|action_start|><|plugin|>\n" + jcall(x, "name", "parameters") + "<|action_end|>"
std("internlm", one, lambda xs: "\n".join(one(x) for x in xs),
    "<|action_start|><|plugin|>\n{\"name\": \"get_weather\", \"parameters\": {\"city\": \"Oslo\", \"days\": 2,}}<|action_end|>",
    [W], cut(one(W), '"Os'))

one = lambda x: "<|START_ACTION|>[\n    " + js({"tool_call_id": "0", "tool_name": x["name"], "parameters": x["arguments"]}) + "\n]<|END_ACTION|>"
std("command-r7b", one, lambda xs: "<|START_ACTION|>" + js([{"tool_call_id": str(i), "tool_name": x["name"],
                                                            "parameters": x["arguments"]} for i, x in enumerate(xs)])
    + "<|END_ACTION|>", "<|START_ACTION|>[{\"tool_call_id\": \"0\", \"tool_name\": \"get_weather\", \"parameters\": "
    "{\"city\": \"Oslo\", \"days\": 2,},}]<|END_ACTION|>", [W], cut(one(W), '"Os'))

one = lambda x: "Action: ```json\n" + js([{"tool_name": x["name"], "parameters": x["arguments"]}]) + "\n```"
std("command-r", one, lambda xs: "Action: ```json\n" + js([{"tool_name": x["name"], "parameters": x["arguments"]}
                                                          for x in xs]) + "\n```",
    "Action: ```json\n[{\"tool_name\": \"get_weather\", \"parameters\": {\"city\": \"Oslo\", \"days\": 2,}}]\n```", [W],
    cut(one(W), '"Os'))

one = lambda x: "<|tools_prefix|>" + js([{x["name"]: x["arguments"]}]) + "<|tools_suffix|>"
std("apertus", one, lambda xs: "<|tools_prefix|>" + js([{x["name"]: x["arguments"]} for x in xs]) + "<|tools_suffix|>",
    "<|tools_prefix|>[{\"get_weather\": {\"city\": \"Oslo\", \"days\": 2,}}]<|tools_suffix|>", [W], cut(one(W), '"Os'))

KB = "<|tool_calls_section_begin|>"
KE = "<|tool_calls_section_end|>"
kone = lambda x, i=0: "<|tool_call_begin|>functions." + x["name"] + ":" + str(i) + "<|tool_call_argument_begin|>" + \
    js(x["arguments"]) + "<|tool_call_end|>"
one = lambda x: KB + kone(x) + KE
std("kimi-k2", one, lambda xs: KB + "".join(kone(x, i) for i, x in enumerate(xs)) + KE,
    KB + "<|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{\"city\": \"Oslo\", \"days\": 2,}"
    "<|tool_call_end|>" + KE, [W], cut(one(W), '"Os'))

# text between the section's opener and its first call's begin token is looked past (vLLM and SGLang skip it); text
# that holds a header's end token is a call without its begin token, and the section stays an error
case("kimi-k2", "noise-before-the-first-call-is-skipped", "repair",
     "Checking. " + KB + " spurious noise " + kone(W) + KE, [W], repairs=["LEADING_GARBAGE"])
case("kimi-k2", "call-without-its-begin-token-before-a-call-is-an-error", "malformed",
     KB + "functions.get_weather:0<|tool_call_argument_begin|>{\"city\": \"Oslo\"}<|tool_call_end|>" + kone(S, 1)
     + KE, [], True, errorKinds=["INVALID_CALL_SYNTAX"])
case("kimi-k2", "bare-counter-id-names-the-only-tool", "plain",
     KB + "<|tool_call_begin|>0<|tool_call_argument_begin|>{\"city\": \"Oslo\", \"days\": 2}<|tool_call_end|>" + KE,
     [W], False, "only:get_weather")
case("kimi-k2", "bare-counter-id-without-tools-is-kept-as-written", "plain",
     KB + "<|tool_call_begin|>0<|tool_call_argument_begin|>{\"city\": \"Oslo\", \"days\": 2}<|tool_call_end|>" + KE,
     [c("0", city="Oslo", days=2)], False, "none")
# a header that names no tool (a bare counter, a client's call id) takes the one known tool whose schema its
# arguments fit, as vLLM and SGLang infer it; arguments that fit none (or several) are an error
kid = lambda id, args: KB + "<|tool_call_begin|>" + id + "<|tool_call_argument_begin|>" + args + "<|tool_call_end|>" + KE
case("kimi-k2", "bare-counter-id-takes-the-one-tool-its-arguments-fit", "repair", kid("0", js(W["arguments"])), [W],
     repairs=["NAME_FROM_ARGUMENTS"])
case("kimi-k2", "bare-counter-id-whose-arguments-fit-no-tool-is-an-error", "malformed",
     kid("0", '{"colour": "red"}'), [], True)
case("kimi-k2", "client-call-id-takes-the-one-tool-its-arguments-fit", "repair",
     "Checking.\n" + kid("call_7f3a9c2b", js(S["arguments"])), [S], repairs=["NAME_FROM_ARGUMENTS"])
case("kimi-k2", "client-call-id-with-an-undeclared-argument-is-an-error", "malformed",
     kid("toolu_01Xy", '{"query": "rust", "colour": "red"}'), [], True)
case("kimi-k2", "tool-name-without-index-is-an-error-even-when-arguments-fit-another", "malformed",
     kid("search", js(W["arguments"])), [], True)

case("kimi-k2", "section-inside-a-think-never-closed", "prose",
     "<think>The user wants Oslo's weather; get_weather fits." + KB + kone(W) + KE, [W])
case("kimi-k2", "think-closed-before-the-section", "prose", "<think>Use get_weather.</think>" + KB + kone(W) + KE, [W])
# the call's end token where the arguments still needed their closing braces (every value complete): they close
# there; without the end token the call stays cut off
case("kimi-k2", "arguments-unclosed-before-the-call-end", "repair",
     KB + "<|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{\"city\": \"Oslo\", \"days\": 2"
     "<|tool_call_end|>" + KE, [W], repairs=["MISSING_CLOSING_BRACKETS"])
case("kimi-k2", "nested-arguments-unclosed-before-the-call-end", "repair",
     KB + "<|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{\"city\": \"Oslo\", "
     "\"options\": {\"unit\": \"C\"<|tool_call_end|>" + KE, [c("get_weather", city="Oslo", options={"unit": "C"})],
     repairs=["MISSING_CLOSING_BRACKETS"])
case("kimi-k2", "a-value-cut-before-the-call-end-is-an-error", "malformed",
     KB + "<|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{\"city\": <|tool_call_end|>" + KE,
     [], True)
case("kimi-k2", "section-without-its-first-call-begin-is-an-error", "malformed",
     KB + kone(W)[len("<|tool_call_begin|>"):] + KE, [], True)
hone = lambda x: "<|start|>assistant<|channel|>commentary to=functions." + x["name"] + \
    " <|constrain|>json<|message|>" + js(x["arguments"]) + "<|call|>"
std("gpt-oss-harmony", hone, lambda xs: "".join(hone(x) for x in xs),
    "<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{\"city\": \"Oslo\", \"days\": 2,}<|call|>",
    [W], cut(hone(W), '"Os'))

# the prompt ends with the role header <|start|>assistant: the output begins at the recipient
mid = lambda x: " to=functions." + x["name"] + "<|channel|>commentary <|constrain|>json<|message|>" + js(x["arguments"]) \
    + "<|call|>"
case("gpt-oss-harmony", "begins-mid-header", "plain", mid(W), [W])
case("gpt-oss-harmony", "begins-mid-header-then-another-message", "several",
     mid(W) + "<|start|>assistant to=functions.search<|channel|>commentary json<|message|>" + js(S["arguments"])
     + "<|call|>", [W, S])
case("gpt-oss-harmony", "begins-mid-header-truncated", "malformed", cut(mid(W), '"Os'), [], True)
case("gpt-oss-harmony", "prompt-tail-holds-the-role-header", "plain",
     "<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>" + js(W["arguments"]) + "<|call|>", [W],
     options={"promptTail": "<|start|>assistant"}, shown="", format="HARMONY")
case("gpt-oss-harmony", "prompt-tail-holds-the-analysis-header", "prose",
     "I need the weather.<|end|><|start|>assistant<|channel|>commentary to=functions.get_weather <|constrain|>json"
     "<|message|>" + js(W["arguments"]) + "<|call|>", [W], options={"promptTail": "<|start|>assistant<|channel|>analysis"
                                                                    "<|message|>"}, shown="")

# Functionary v3.2: >>>NAME\n{json}; the prompt holds the first >>>
fone = lambda x: ">>>" + x["name"] + "\n" + js(x["arguments"])
F = "functionary-v32"
std(F, fone, lambda xs: "".join(fone(x) for x in xs),
    ">>>get_weather\n{'city': 'Oslo', 'days': 2,}", [W], cut(fone(W), '"Os'))
case(F, "begins-after-the-prompts-marker", "plain", fone(W)[3:], [W])
case(F, "begins-after-the-prompts-marker-several", "several", fone(W)[3:] + fone(S), [W, S])
case(F, "all-channel-then-a-call", "prose", ">>>all\nLet me check.>>>" + fone(W)[3:], [W], shown="Let me check.")
case(F, "prompt-tail-then-all-channel", "prose", "all\nIt is sunny in Oslo.", [], options={"promptTail": ">>>"},
     shown="It is sunny in Oslo.")
case(F, "name-line-without-known-tools-is-prose", "plain", fone(W)[3:], [], False, "none")
case(F, "unknown-name-at-start-is-prose", "plain", "Weather\n{\"city\": \"Oslo\"}", [])
case(F, "known-tool-without-json-is-an-error", "malformed", ">>>get_weather\nOslo please", [], True)
case(F, "prompt-tail-says-the-response-continues-after-the-marker", "plain", fone(W)[3:], [W], False, "none",
     options={"promptTail": "<|start_header_id|>assistant<|end_header_id|>\n\n>>>"}, format="FUNCTIONARY_V32")
case(F, "prompt-tail-then-several", "several", fone(W)[3:] + fone(S), [W, S], False, "none",
     options={"promptTail": ">>>"})
# >>>python then raw code (the code interpreter's message): the python tool's one string parameter
PY_RAW = "import math\nprint(math.sqrt(2))"
# raw code ends only where the text does: it runs when the text ended on purpose, and is open (cut, perhaps) otherwise
case(F, "python-recipient-with-raw-code", "plain", ">>>python\n" + PY_RAW, [c("python", code=PY_RAW)],
     options={"ending": "STOP"})
case(F, "python-raw-code-is-refused-when-the-ending-is-unknown", "malformed", ">>>python\n" + PY_RAW, [], True,
     errorKinds=["TRUNCATED"], errorTool="python")
case(F, "python-raw-code-then-an-answer", "prose", "Let me compute it.>>>python\n" + PY_RAW + "\n>>>all\nDone.",
     [c("python", code=PY_RAW)])
case(F, "python-raw-code-after-the-prompts-marker", "plain", "python\n" + PY_RAW, [c("python", code=PY_RAW)],
     options={"promptTail": ">>>", "ending": "STOP"})
case(F, "python-raw-code-at-the-start-without-the-marker-is-prose", "plain", "python\n" + PY_RAW, [])
case(F, "raw-text-for-another-one-string-tool-is-an-error", "malformed", ">>>shell\nls -la", [], True)


def dsb(s):
    return "<" + DS + s + DS + ">"


def ds(*parts):
    return "<" + DS + SP.join(parts) + DS + ">"


V3_CALLS, V3_CALL, V3_SEP, V3_END, V3_CALLS_END = ds("tool", "calls", "begin"), ds("tool", "call", "begin"), \
    ds("tool", "sep"), ds("tool", "call", "end"), ds("tool", "calls", "end")
v3 = lambda x: V3_CALL + "function" + V3_SEP + x["name"] + "\n```json\n" + js(x["arguments"]) + "\n```" + V3_END
std("deepseek-v3", lambda x: V3_CALLS + v3(x) + V3_CALLS_END, lambda xs: V3_CALLS + "\n".join(v3(x) for x in xs) + V3_CALLS_END,
    V3_CALLS + V3_CALL + "function" + V3_SEP + "get_weather\n```json\n{\"city\": \"Oslo\", \"days\": 2,}\n```" + V3_END
    + V3_CALLS_END, [W], cut(V3_CALLS + v3(W), '"Os'))
R1_CALLS = ds("tool", "calls")
case("deepseek-v3", "r1-section-opener", "plain", R1_CALLS + v3(W) + V3_CALLS_END, [W])
case("deepseek-v3", "r1-section-opener-several", "several",
     "Checking both.\n" + R1_CALLS + v3(W) + "\n" + v3(S) + V3_CALLS_END, [W, S])
case("deepseek-v3", "r1-section-opener-after-reasoning", "prose",
     "The user wants Oslo's weather. I might call get_weather.\n</think>\n\n" + R1_CALLS + v3(W) + V3_CALLS_END, [W])
case("deepseek-v3", "r1-section-opener-truncated", "malformed", cut(R1_CALLS + v3(W), '"Os'), [], True)
case("deepseek-v3", "r1-section-opener-empty", "malformed", "Here.\n" + R1_CALLS + V3_CALLS_END, [], True)
# the first call's begin token left out after the section opener: read, marked MISSING_TAGS
v3bare = lambda x: v3(x)[len(V3_CALL):]
case("deepseek-v31", "section-opener-without-call-begin-is-an-error", "malformed",
     V3_CALLS + "get_weather" + V3_SEP + js(W["arguments"]) + V3_CALLS_END, [], True)
case("deepseek-v31", "text-before-the-first-call-begin-is-skipped", "repair",
     V3_CALLS + "Calling now. " + V3_CALL + "get_weather" + V3_SEP + js(W["arguments"]) + V3_END + V3_CALLS_END, [W],
     repairs=["LEADING_GARBAGE"])
case("deepseek-v31", "arguments-unclosed-before-the-call-end", "repair",
     V3_CALLS + V3_CALL + "get_weather" + V3_SEP + '{"city": "Oslo", "days": 2' + V3_END + V3_CALLS_END, [W],
     repairs=["MISSING_CLOSING_BRACKETS"])
case("deepseek-v3", "r1-section-opener-without-call-begin", "repair", R1_CALLS + v3bare(W) + V3_CALLS_END, [W],
     repairs=["MISSING_TAGS"])
case("deepseek-v3", "r1-section-opener-without-call-begin-then-a-second-call", "several",
     R1_CALLS + v3bare(W) + v3(S) + V3_CALLS_END, [W, S])
# after the full opener the call's begin token is required: no call is read from what follows it (as vLLM reads it)
case("deepseek-v3", "full-section-opener-without-call-begin-is-an-error", "malformed",
     V3_CALLS + v3bare(W) + V3_CALLS_END, [], True)
case("deepseek-v3", "section-opener-then-prose-is-an-error", "malformed",
     R1_CALLS + "I would call function get_weather here." + V3_CALLS_END, [], True)
case("deepseek-v3", "section-opener-then-an-unclosed-bare-header-is-an-error", "malformed",
     R1_CALLS + "function" + V3_SEP + "get_weather\n```json\n{\"city\": \"Os", [], True)
v31 = lambda x: V3_CALL + x["name"] + V3_SEP + js(x["arguments"]) + V3_END
std("deepseek-v31", lambda x: V3_CALLS + v31(x) + V3_CALLS_END, lambda xs: V3_CALLS + "".join(v31(x) for x in xs) + V3_CALLS_END,
    V3_CALLS + V3_CALL + "get_weather" + V3_SEP + "{city: \"Oslo\", days: 2}" + V3_END + V3_CALLS_END, [W],
    cut(V3_CALLS + v31(W), '"Os'))

DSML = DS + "DSML" + DS


def dsml_invoke(x, section="function_calls"):
    ps = "".join("<" + DSML + "parameter name=\"" + k + "\" string=\"" + ("true" if isinstance(v, str) else "false")
                 + "\">" + (v if isinstance(v, str) else js(v)) + "</" + DSML + "parameter>\n" for k, v in x["arguments"].items())
    return "<" + DSML + "invoke name=\"" + x["name"] + "\">\n" + ps + "</" + DSML + "invoke>\n"


dsml = lambda xs, s="function_calls": "<" + DSML + s + ">\n" + "".join(dsml_invoke(x) for x in xs) + "</" + DSML + s + ">"
std("deepseek-dsml", lambda x: dsml([x]), lambda xs: dsml(xs, "tool_calls"),
    "<" + DSML + "function_calls>\n<" + DSML + "invoke name=\"get_weather\">\n<" + DSML + "parameter name=\"city\" "
    "string=\"true\">Oslo</" + DSML + "parameter>\n<" + DSML + "parameter name=\"days\" string=\"true\">2</" + DSML
    + "parameter>\n</" + DSML + "invoke>\n</" + DSML + "function_calls>", [W], cut(dsml([W]), "Os"))



# ---------------------------------------------------------------- XML-style families (raw values, schema typing)
def raw(v):
    return v if isinstance(v, str) else js(v)


qone = lambda x: "<tool_call>\n<function=" + x["name"] + ">\n" + "".join(
    "<parameter=" + k + ">\n" + raw(v) + "\n</parameter>\n" for k, v in x["arguments"].items()) + "</function>\n</tool_call>"
std("qwen3-coder", qone, lambda xs: "\n".join(qone(x) for x in xs),
    "<tool_call>\n<function=update_record>\n<parameter=id>\n7\n</parameter>\n<parameter=tags>\n[\"a\", \"b\"]\n</parameter>\n"
    "</function>\n</tool_call>", [c("update_record", id=7, tags=["a", "b"])], cut(qone(W), "Os"))
case("qwen3-coder", "value-keeps-its-own-newline", "regression", qone(P), [P])

sone = lambda x: "<seed:tool_call>\n<function=" + x["name"] + ">\n" + "".join(
    "<parameter=" + k + ">" + raw(v) + "</parameter>\n" for k, v in x["arguments"].items()) + "</function>\n</seed:tool_call>"
std("seed-oss", sone, lambda xs: "".join(sone(x) for x in xs),
    "<seed:tool_call>\n<function=get_weather>\n<parameter=city>Oslo</parameter>\n<parameter=days>2</parameter>\n"
    "</function>\n</seed:tool_call>", [W], cut(sone(W), "Os"))

gone = lambda x: "<tool_call>" + x["name"] + "\n" + "".join(
    "<arg_key>" + k + "</arg_key>\n<arg_value>" + raw(v) + "</arg_value>\n" for k, v in x["arguments"].items()) + "</tool_call>"
std("glm45", gone, lambda xs: "\n".join(gone(x) for x in xs),
    "<tool_call>update_record\n<arg_key>id</arg_key>\n<arg_value>7</arg_value>\n<arg_key>fields</arg_key>\n"
    "<arg_value>{\"status\": \"done\"}</arg_value>\n</tool_call>", [c("update_record", id=7, fields={"status": "done"})],
    cut(gone(W), "Os"))
# GLM-5.3-Flash: the name, ">", then the arguments as one JSON object (SGLang's proposed glm53 detector)
g53 = lambda x: "<tool_call>" + x["name"] + ">" + js(x["arguments"]) + "</tool_call>"
std("glm53-flash", g53, lambda xs: "\n".join(g53(x) for x in xs),
    "<tool_call>get_weather>{'city': 'Oslo', 'days': 2,}</tool_call>", [W], cut(g53(W), '"Os'))
case("glm53-flash", "blanks-around-the-arrow", "plain", "<tool_call>get_weather >\n{\"city\": \"Oslo\", \"days\": 2}\n"
     "</tool_call>", [W])
case("glm53-flash", "closing-tag-dropped-by-the-server", "plain", "<tool_call>get_weather>{\"city\": \"Oslo\", \"days\": 2}",
     [W])
case("glm53-flash", "closing-tag-dropped-when-the-text-was-cut", "malformed",
     "<tool_call>get_weather>{\"city\": \"Oslo\", \"days\": 2}", [], True, errorKinds=["TRUNCATED"],
     options={"ending": "LENGTH"})
case("glm53-flash", "arrow-before-prose-is-an-error", "malformed", "<tool_call>get_weather> the city is Oslo</tool_call>",
     [], True)
case("glm45", "value-keeps-its-own-newline", "regression",
     "<tool_call>python\n<arg_key>code</arg_key>\n<arg_value>def f():\n    return 1\n</arg_value>\n</tool_call>", [P])

mone = lambda x: "<invoke name=\"" + x["name"] + "\">\n" + "".join(
    "<parameter name=\"" + k + "\">" + raw(v) + "</parameter>\n" for k, v in x["arguments"].items()) + "</invoke>\n"
mm = lambda xs: "<minimax:tool_call>\n" + "".join(mone(x) for x in xs) + "</minimax:tool_call>"
std("minimax-m2", lambda x: mm([x]), mm,
    "<minimax:tool_call>\n<invoke name=\"get_weather\">\n<parameter name=\"city\">Oslo</parameter>\n"
    "<parameter name=\"days\">2</parameter>\n</invoke>\n</minimax:tool_call>", [W], cut(mm([W]), "Os"))

# ---------------------------------------------------------------- pythonic families
def py(x):
    return x["name"] + "(" + ", ".join(k + "=" + js(v) for k, v in x["arguments"].items()) + ")"


one = lambda x: "<|python_start|>[" + py(x) + "]<|python_end|>"
std("llama4-pythonic", one, lambda xs: "<|python_start|>[" + ", ".join(py(x) for x in xs) + "]<|python_end|>",
    "<|python_start|>[get_weather('Oslo', 2)]<|python_end|>", [W], cut(one(W), '"Os'))

one = lambda x: "<function_calls>\n" + py(x) + "\n</function_calls>"
std("olmo3", one, lambda xs: "<function_calls>\n" + "\n".join(py(x) for x in xs) + "\n</function_calls>",
    "<function_calls>\nget_weather(city='Oslo', days=2)\n</function_calls>", [W], cut(one(W), '"Os'))

one = lambda x: "<|tool_call_start|>[" + py(x) + "]<|tool_call_end|>"
std("lfm2", one, lambda xs: "<|tool_call_start|>[" + ", ".join(py(x) for x in xs) + "]<|tool_call_end|>",
    "<|tool_call_start|>[get_weather(city=\"Oslo\", days=2, metric=True)]<|tool_call_end|>",
    [c("get_weather", city="Oslo", days=2, metric=True)], cut(one(W), '"Os'))

case("lfm2", "set-literal-is-an-array", "repair",
     "<|tool_call_start|>[update_record(id=7, tags={\"a\", \"b\"})]<|tool_call_end|>", [c("update_record", id=7, tags=["a", "b"])])
case("lfm2", "leading-zero-integer", "repair",
     "<|tool_call_start|>[get_weather(city=\"Oslo\", days=02)]<|tool_call_end|>", [W])
case("lfm2", "unescaped-nested-quotes-in-a-shell-command", "repair",
     "<|tool_call_start|>[shell(command=\"grep \"foo bar\" notes.txt | wc -l\")]<|tool_call_end|>",
     [c("shell", command="grep \"foo bar\" notes.txt | wc -l")])
# an unescaped quote is kept as text only when the string can still be delimited: quotes around an inner phrase
# (paired) or an apostrophe inside a word; one stray quote leaves where the string ends a guess, so it is an error
case("lfm2", "apostrophe-inside-a-word-in-a-single-quoted-string", "repair",
     "<|tool_call_start|>[search(query='Martha's Vineyard ferries', limit=3)]<|tool_call_end|>",
     [c("search", query="Martha's Vineyard ferries", limit=3)], repairs=["UNESCAPED_QUOTES"])
case("lfm2", "one-stray-quote-in-a-string-is-an-error", "malformed",
     "<|tool_call_start|>[search(query='the ' character', limit=3)]<|tool_call_end|>", [], True)
case("lfm2", "ambiguous-quote-is-an-error", "malformed",
     "<|tool_call_start|>[shell(command=\"echo \"a\", b\")]<|tool_call_end|>", [], True)
# a quote that could only end the string by leaving a kept quote without its partner, and is followed by what cannot
# follow a string (`/`, `>`, not `,` `)` `]` `}` `:` or a quote), is that partner (vLLM's LFM2 reading too)
case("lfm2", "quoted-range-before-a-path-pairs-up", "repair",
     "<|tool_call_start|>[shell(command='sed -n '360,450p' /testbed/app.py')]<|tool_call_end|>",
     [c("shell", command="sed -n '360,450p' /testbed/app.py")], repairs=["UNESCAPED_QUOTES"])
case("lfm2", "quoted-word-before-a-redirect-pairs-up", "repair",
     "<|tool_call_start|>[shell(command=\"echo \"hi\" > out.txt\")]<|tool_call_end|>",
     [c("shell", command="echo \"hi\" > out.txt")], repairs=["UNESCAPED_QUOTES"])
case("pythonic", "quoted-range-before-a-path-pairs-up", "repair",
     "[shell(command='sed -n '1,5p' /tmp/notes.txt')]",
     [c("shell", command="sed -n '1,5p' /tmp/notes.txt")], repairs=["UNESCAPED_QUOTES"])
case("lfm2", "partners-that-leave-a-quote-unpaired-are-still-an-error", "malformed",
     "<|tool_call_start|>[shell(command='a 'b' / c 'd')]<|tool_call_end|>", [], True,
     errorKinds=["INVALID_CALL_SYNTAX"])
# without tools to resolve it against, a dotted name stays as written (the serving engines keep it)
case("pythonic", "dotted-name-without-tools-is-kept-as-written", "plain",
     "[grocery.orderIngredients(items=[\"flour\", \"eggs\"])]",
     [c("grocery.orderIngredients", items=["flour", "eggs"])], False, "none")
case("pythonic", "bare-broken-call-without-tools-is-an-error", "malformed", "get_weather(city=\"Oslo\", days=)", [],
     True, "none")
case("pythonic", "bare-broken-call-followed-by-prose-stays-prose", "prose",
     "get_weather(city=\"Oslo\", days=)\nThat is how you would write it.", [], False, "none")
# issue 29: with the tools known, a list of their calls after prose on the same line is read when it ends the line
# (SGLang reads it); without tools, or with prose after it, or naming another name, it stays prose
case("pythonic", "known-list-after-prose-on-its-line", "prose",
     "Let me check both. [get_weather(city=\"Oslo\", days=2), search(query=\"rust borrow checker\", limit=3)]",
     [W, S], shown="Let me check both. ")
case("pythonic", "known-list-after-prose-then-a-new-line", "prose",
     "Checking: [get_weather(city=\"Oslo\", days=2)]\nBack shortly.", [W], shown="Checking: \nBack shortly.")
case("pythonic", "list-after-prose-without-tools-stays-prose", "prose",
     "Let me check. [get_weather(city=\"Oslo\")]", [], False, "none", shown="Let me check. [get_weather(city=\"Oslo\")]")
case("pythonic", "list-mid-sentence-stays-prose", "prose",
     "You could write [get_weather(city=\"Oslo\")] to ask.", [],
     shown="You could write [get_weather(city=\"Oslo\")] to ask.")
case("pythonic", "list-of-an-unknown-name-after-prose-stays-prose", "prose",
     "Try [forecast(city=\"Oslo\")]", [], shown="Try [forecast(city=\"Oslo\")]")
case("lfm2", "list-followed-by-prose-on-its-line", "prose",
     "[get_weather(city=\"Oslo\", days=2)] Checking the weather now.", [W])
case("lfm2", "unknown-list-followed-by-prose-is-prose", "prose",
     "[print(x)] is how you print in Python.", [])
one = lambda x: "[" + py(x) + "]"
std("pythonic", one, lambda xs: "[" + ", ".join(py(x) for x in xs) + "]",
    "get_weather('Oslo', days=2)", [W], cut(one(W), '"Os'))
# a call of a list whose string has a quote without its partner: where it ends is a guess, so nothing after it is
# read, but the calls before it were read whole and run (vLLM's pythonic parser keeps them too)
case("pythonic", "unpaired-quote-after-a-call-keeps-the-call-before", "several",
     "[get_weather(city=\"Oslo\", days=2), search(query=\"say \"hi\", limit=3)]", [W], True,
     errorKinds=["INVALID_CALL_SYNTAX"], errorTool="search")
case("pythonic", "unpaired-quote-after-a-call-without-tools-keeps-the-call-before", "several",
     "[get_weather(city='Oslo', days=2), f(a='x 'y', b='z')]", [W], True, tools="none",
     errorKinds=["INVALID_CALL_SYNTAX"], errorTool="f")
case("pythonic", "unpaired-quote-in-the-first-call-runs-nothing-after-it", "malformed",
     "[search(query=\"say \"hi\", limit=3), get_weather(city=\"Oslo\", days=2)]", [], True,
     errorKinds=["INVALID_CALL_SYNTAX"], errorTool="search")

# ---------------------------------------------------------------- call:NAME{…} families
g4 = lambda x: "<|tool_call>call:" + x["name"] + "{" + ",".join(
    k + ":" + ("<|\"|>" + v + "<|\"|>" if isinstance(v, str) else js(v)) for k, v in x["arguments"].items()) + "}<tool_call|>"
std("gemma4", g4, lambda xs: "".join(g4(x) for x in xs),
    "<|tool_call>call:get_weather{city:<|\"|>Oslo<|\"|>,days:2,}<tool_call|>", [W], cut(g4(W), "Os"))
fg = lambda x: "<start_function_call>call:" + x["name"] + "{" + ",".join(
    k + ":" + ("<escape>" + v + "<escape>" if isinstance(v, str) else js(v)) for k, v in x["arguments"].items()) + "}<end_function_call>"
std("function-gemma", fg, lambda xs: "".join(fg(x) for x in xs),
    "<start_function_call>call:get_weather{city:<escape>Oslo<escape>,days:2,}<end_function_call>", [W], cut(fg(W), "Os"))

# ---------------------------------------------------------------- families added for issue 16
def hy(xs, s=""):
    return "<tool_calls" + s + ">" + "".join(
        "<tool_call" + s + ">" + x["name"] + "<tool_sep" + s + ">" + "".join(
            "<arg_key" + s + ">" + k + "</arg_key" + s + "><arg_value" + s + ">" + raw(v) + "</arg_value" + s + ">"
            for k, v in x["arguments"].items()) + "</tool_call" + s + ">" for x in xs) + "</tool_calls" + s + ">"


std("hunyuan-v3", lambda x: hy([x]), hy,
    hy([c("update_record", id=7, fields={"status": "done"})]), [c("update_record", id=7, fields={"status": "done"})],
    cut(hy([W]), "Os"))
case("hunyuan-v3", "suffixed-tags", "plain", hy([W], ":opensource"), [W])
# HY V4: a call the section closes while it is still open is an error, never a call
case("hunyuan-v3", "call-left-open-inside-its-section-is-an-error", "malformed",
     hy([W], ":opensource").replace("</tool_call:opensource>", ""), [], True, errorKinds=["INVALID_CALL_SYNTAX"])
# schemas that name their types as a programming language does (int, uint32, float, list, bool): read as JSON types
case("hunyuan-v3", "schema-type-names-like-int-and-list", "repair",
     hy([c("set_timer", seconds="90", repeat="3", ratio="0.5", steps="[1, 2]", loud="true")], ":opensource"),
     [c("set_timer", seconds=90, repeat=3, ratio=0.5, steps=[1, 2], loud=True)], repairs=["VALUES_TYPED_BY_SCHEMA"])
case("hunyuan-v3", "tool-sep-in-a-bare-tool-call", "plain",
     "<tool_call>get_weather<tool_sep><arg_key>city</arg_key><arg_value>Oslo</arg_value><arg_key>days</arg_key>"
     "<arg_value>2</arg_value></tool_call>", [W])


def solar(x):
    return "<|tool_call:start|>" + x["name"] + "\n" + "".join(
        "<|tool_arg:start|>" + k + "<|tool_arg:value|>" + raw(v) + "<|tool_arg:end|>" for k, v in x["arguments"].items()) \
        + "<|tool_call:end|>"


std("solar-open", solar, lambda xs: "".join(solar(x) for x in xs),
    solar(c("update_record", id=7, tags=["a", "b"])), [c("update_record", id=7, tags=["a", "b"])], cut(solar(W), "Os"))
# a call whose end token was dropped ends where the next call starts (its name line complete); a call that restarts
# before its name line ends is an error, and the call after it is read
SOLAR_END = "<|tool_call:end|>"
case("solar-open", "dropped-call-end-ends-at-the-next-call", "repair",
     "Checking both.\n" + solar(W).replace(SOLAR_END, "\n") + solar(S), [W, S],
     shown="Checking both.\n")
case("solar-open", "dropped-argument-and-call-end", "repair",
     solar(S).replace("<|tool_arg:end|>" + SOLAR_END, "") + solar(W), [S, W])
case("solar-open", "restart-before-the-name-ends", "malformed",
     "<|tool_call:start|>get_wea" + solar(W), [W], True, errorKinds=["INVALID_CALL_SYNTAX"])
case("solar-open", "name-without-its-line-break-is-not-a-call", "malformed",
     "<|tool_call:start|>now" + SOLAR_END + solar(W), [W], True, errorKinds=["INVALID_CALL_SYNTAX"])
case("solar-open", "argument-restarted-before-its-name-ends", "repair",
     solar(W).replace("<|tool_arg:start|>city", "<|tool_arg:start|>ci<|tool_arg:start|>city"), [W],
     repairs=["MISSING_TAGS"])
case("solar-open", "a-call-left-open-at-the-end-is-truncated", "malformed",
     "Let me check." + solar(W).replace(SOLAR_END, ""), [], True, errorKinds=["TRUNCATED"])


# Solar Open 100B: <|tool_calls|> section (optional), each call ID<|tool_call:name|>NAME<|tool_call:args|>{json}
def solar100(x, cid="0"):
    return "<|tool_call:begin|>" + cid + "<|tool_call:name|>" + x["name"] + "<|tool_call:args|>" + js(x["arguments"]) \
        + "<|tool_call:end|>"


case("solar-open", "100b-without-its-section-opener", "plain", solar100(W), [W], ids=["0"])
case("solar-open", "100b-section-of-two-after-prose", "several",
     "Checking both.\n<|tool_calls|>" + solar100(W, "a1b2") + solar100(S, "c3d4") + "<|calls|>", [W, S],
     ids=["a1b2", "c3d4"], shown="Checking both.\n")
case("solar-open", "100b-without-an-id", "plain", "<|tool_calls|>" + solar100(c("now"), "") + "<|calls|>", [c("now")])
case("solar-open", "100b-truncated", "malformed", cut("<|tool_calls|>" + solar100(W), "Os"), [], True,
     errorKinds=["TRUNCATED"])


def plamo(xs):
    t = lambda n: "<|plamo:" + n + ":plamo|>"
    return t("begin_tool_requests") + "".join(
        t("begin_tool_request") + t("begin_tool_name") + x["name"] + t("end_tool_name") + t("begin_tool_arguments")
        + js(x["arguments"]) + t("end_tool_arguments") + t("end_tool_request") for x in xs) + t("end_tool_requests")


std("plamo3", lambda x: plamo([x]), plamo,
    plamo([W]).replace('"days": 2}', '"days": 2,}'), [W], cut(plamo([W]), '"Os'))
# newer templates have the model write the constrained-decoding tokens before the JSON
PLAMO_ARGS = "<|plamo:begin_tool_arguments:plamo|>"
case("plamo3", "constrain-tokens-before-the-arguments", "several",
     "Checking both.\n" + plamo([W, S]).replace(PLAMO_ARGS, PLAMO_ARGS + "<|plamo:constrain|>json<|plamo:msg|>"),
     [W, S], shown="Checking both.\n")
case("plamo3", "msg-token-before-the-arguments", "plain",
     plamo([W]).replace(PLAMO_ARGS, PLAMO_ARGS + "<|plamo:msg|>"), [W])
case("plamo3", "request-cut-after-its-name", "malformed",
     "Before tools." + cut(plamo([W]), "<|plamo:end_tool_name:plamo|>"), [], True, shown="Before tools.")


def xml_family(family, section, invoke, param, close_invoke, close_param, close_section, repair_call, quote='"'):
    def render(xs):
        return section + "\n" + "".join(invoke + quote + x["name"] + quote + ">\n" + "".join(
            param + quote + k + quote + ">" + raw(v) + close_param + "\n" for k, v in x["arguments"].items())
            + close_invoke + "\n" for x in xs) + close_section
    std(family, lambda x: render([x]), render, render([repair_call]), [repair_call], cut(render([W]), "Os"))


U = c("update_record", id=7, fields={"status": "done"})
xml_family("dots", "<dots_function_call>", "<invoke name=", "<parameter name=", "</invoke>", "</parameter>",
           "</dots_function_call>", U)
# a dots block may hold one JSON call instead of invocations
case("dots", "json-call-in-a-block", "several",
     "<dots_function_call><invoke name=\"get_weather\"><parameter name=\"city\">Oslo</parameter><parameter name=\"days\">2"
     "</parameter></invoke></dots_function_call>\n<dots_function_call>" + jcall(S) + "</dots_function_call>", [W, S])
# ReAct (LangChain, LlamaIndex agents): Action: NAME, then Action Input: {json} on the next line
def react(x, thought="I should use a tool."):
    return "Thought: " + thought + "\nAction: " + x["name"] + "\nAction Input: " + js(x["arguments"])


std("react", lambda x: react(x), lambda xs: "\nObservation: (pending)\n".join(react(x) for x in xs),
    "Action: get_weather\nAction Input: {'city': 'Oslo', 'days': 2,}", [W],
    cut(react(W), "\"Os"))
case("react", "input-in-a-fence", "repair", "Action: search\nAction Input: ```json\n" + js(S["arguments"]) + "\n```", [S])
case("react", "plain-text-input-fills-the-only-parameter", "plain", "Action: shell\nAction Input: ls -la /tmp",
     [c("shell", command="ls -la /tmp")], format="REACT", shown="")
case("react", "plain-text-input-of-a-tool-of-several-parameters-is-an-error", "malformed",
     "Action: search\nAction Input: rust borrow checker", [], True, errorKinds=["INVALID_CALL_SYNTAX"])
case("react", "a-sentence-after-action-is-prose", "prose",
     "Action: I will look up the weather first.\nAction Input: {\"city\": \"Oslo\"}", [],
     shown="Action: I will look up the weather first.\nAction Input: {\"city\": \"Oslo\"}")
case("react", "an-action-without-its-input-is-prose", "prose", "Action: get_weather\nThen I will answer.", [],
     shown="Action: get_weather\nThen I will answer.")
case("react", "action-in-the-middle-of-a-line-is-prose", "prose",
     "The next Action: get_weather\nAction Input: {\"city\": \"Oslo\"}", [])
case("react", "observation-after-the-call-stays-text", "prose",
     "Thought: I need the weather.\nAction: get_weather\nAction Input: {\"city\": \"Oslo\"}\nObservation:",
     [c("get_weather", city="Oslo")], shown="Thought: I need the weather.\n\nObservation:")
case("react", "a-name-that-is-no-tool-is-an-error", "malformed",
     "Action: get_wether_now\nAction Input: {\"city\": \"Oslo\"}", [], True, errorKinds=["UNKNOWN_TOOL"])
# Qwen-Agent's function calling (Qwen 2, 2.5): ✿FUNCTION✿: NAME, then ✿ARGS✿: {json} on the next line
def qwen_agent(x):
    return "\u273fFUNCTION\u273f: " + x["name"] + "\n\u273fARGS\u273f: " + js(x["arguments"])


std("qwen-agent", qwen_agent, lambda xs: "\n".join(qwen_agent(x) for x in xs),
    "\u273fFUNCTION\u273f: get_weather\n\u273fARGS\u273f: {'city': 'Oslo', 'days': 2,}", [W], cut(qwen_agent(W), "\"Os"))
case("qwen-agent", "result-and-return-lines-stay-text", "prose",
     qwen_agent(W) + "\n\u273fRESULT\u273f: 12\u00b0C\n\u273fRETURN\u273f: It is 12\u00b0C in Oslo.", [W],
     shown="\n\u273fRESULT\u273f: 12\u00b0C\n\u273fRETURN\u273f: It is 12\u00b0C in Oslo.")
case("qwen-agent", "plain-text-input-fills-the-only-parameter", "plain",
     "\u273fFUNCTION\u273f: python\n\u273fARGS\u273f: print(2 + 2)", [c("python", code="print(2 + 2)")],
     format="QWEN_AGENT")
# Claude-style XML: Anthropic's prompt-based tool format, under Olmo 3's section tag; the content decides
xml_family("function-calls-xml", "<function_calls>", "<invoke name=", "<parameter name=", "</invoke>", "</parameter>",
           "</function_calls>", U)
case("function-calls-xml", "olmo3-calls-and-invocations-under-the-same-tag", "several",
     "<function_calls>\nget_weather(city=\"Oslo\", days=2)\n</function_calls>\nThen:\n<function_calls>\n"
     "<invoke name=\"search\">\n<parameter name=\"query\">rust borrow checker</parameter>\n"
     "<parameter name=\"limit\">3</parameter>\n</invoke>\n</function_calls>", [W, S], shown="\nThen:\n")
case("function-calls-xml", "values-typed-by-the-schema", "plain",
     "<function_calls><invoke name=\"search\"><parameter name=\"query\">42</parameter><parameter name=\"limit\">"
     "3</parameter></invoke></function_calls>", [c("search", query="42", limit=3)])
case("function-calls-xml", "an-invocation-without-a-name-is-an-error", "malformed",
     "<function_calls><invoke><parameter name=\"city\">Oslo</parameter></invoke></function_calls>", [], True)
xml_family("muse-glimmer", "<atem:function_calls>", "<atem:invoke name=", "<atem:parameter name=", "</atem:invoke>",
           "</atem:parameter>", "</atem:function_calls>", U)

ATEM_CALL = ("<atem:function_calls>\n<atem:invoke name=\"get_weather\">\n<atem:parameter name=\"city\">Oslo</atem:parameter>\n"
             "<atem:parameter name=\"days\">2</atem:parameter>\n</atem:invoke>\n</atem:function_calls>")
case("muse-glimmer", "to-self-is-reasoning-then-a-call", "prose",
     " to=self<|message|>I should look it up.<|eom|><|start|>assistant to=get_weather<|message|>" + ATEM_CALL, [W],
     shown="")
case("muse-glimmer", "a-call-mentioned-to-self-is-not-run", "prose",
     "to=self<|message|>Maybe " + ATEM_CALL + " but first ask.<|eom|><|start|>assistant to=user<|message|>Which city?",
     [], shown="Which city?")
case("muse-glimmer", "to-user-header-is-hidden", "plain",
     "to=self<|message|>17*23 = 391.<|eom|><|start|>assistant to=user<|message|>17 × 23 = **391**.", [],
     shown="17 × 23 = **391**.")
# issue 29: calls are scoped to the message's recipient: markup in the answer (to=user) is shown, never run; a call
# in a later message addressed to the tool still runs
case("muse-glimmer", "call-markup-in-the-answer-is-not-run", "prose",
     "to=self<|message|>Show the syntax.<|eom|><|start|>assistant to=user<|message|>You would write:\n" + ATEM_CALL
     + "\nand the tool answers.<|eot|>", [],
     shown="You would write:\n" + ATEM_CALL + "\nand the tool answers.<|eot|>")
case("muse-glimmer", "answer-only-call-markup-is-not-run", "plain",
     " to=user<|message|>" + ATEM_CALL, [], shown=ATEM_CALL)
# a block after prose in the same message is the model showing markup, not calling: text, as the engines read it
# (the shared prose case); a block that opens its message runs
for x in CASES["muse-glimmer"]:
    if x["id"] == "muse-glimmer/prose":
        x["calls"], x["shown"] = [], x["text"]
case("muse-glimmer", "block-opening-the-response-runs", "prose", "\n\n" + ATEM_CALL + "\nI'll summarise when it returns.",
     [W], shown="\n\n\nI'll summarise when it returns.")
case("muse-glimmer", "block-after-a-headerless-message-start-runs", "prose",
     "<|start|>assistant<|message|>" + ATEM_CALL + "<|eom|>", [W])
case("muse-glimmer", "to-self-ended-by-the-next-message", "prose",
     " to=self<|message|>Oslo, two days.<|start|>assistant to=get_weather<|message|>" + ATEM_CALL
     + "<|start|>assistant to=user<|message|>Checking.", [W], shown="Checking.")
case("muse-glimmer", "to-self-mentioning-the-start-token-stays-reasoning", "plain",
     " to=self<|message|>The header starts with `<|start|>`, then the role.<|eom|><|start|>assistant to=user<|message|>Done.",
     [], shown="Done.")
case("muse-glimmer", "answer-then-a-call-to-the-tool", "several",
     "to=user<|message|>Checking now.<|eom|><|start|>assistant to=get_weather<|message|>" + ATEM_CALL, [W],
     shown="Checking now.<|eom|>")


def step3(xs):
    b = DS
    return "<" + b + "tool_calls_begin" + b + ">" + "".join(
        "<" + b + "tool_call_begin" + b + ">function<" + b + "tool_sep" + b + "><steptml:invoke name=\"" + x["name"]
        + "\">" + "".join("<steptml:parameter name=\"" + k + "\">" + raw(v) + "</steptml:parameter>"
                          for k, v in x["arguments"].items()) + "</steptml:invoke><" + b + "tool_call_end" + b + ">"
        for x in xs) + "<" + b + "tool_calls_end" + b + ">"


std("step3", lambda x: step3([x]), step3, step3([U]), [U], cut(step3([W]), "Os"))


def k3(xs):
    def arg(k, v):
        return ("<|open|>argument key=\"" + k + "\" type=\"" + ("string" if isinstance(v, str) else
                "integer" if isinstance(v, int) else "object") + "\"<|sep|>" + raw(v) + "<|close|>argument<|sep|>")
    return "<|open|>tools<|sep|>" + "".join(
        "<|open|>call tool=\"" + x["name"] + "\" index=\"" + str(i + 1) + "\"<|sep|>" + "".join(
            arg(k, v) for k, v in x["arguments"].items()) + "<|close|>call<|sep|>" for i, x in enumerate(xs)) \
        + "<|close|>tools<|sep|>"


std("kimi-k3", lambda x: k3([x]), k3, k3([U]), [U], cut(k3([W]), "Os"))
case("kimi-k3", "string-typed-number-stays-text", "plain",
     "<|open|>tools<|sep|><|open|>call tool=\"search\" index=\"1\"<|sep|><|open|>argument key=\"query\" "
     "type=\"string\"<|sep|>2024<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|>",
     [c("search", query="2024")])


def cpm(x):
    return "<function name=\"" + x["name"] + "\">" + "".join(
        "<param name=\"" + k + "\">" + raw(v) + "</param>" for k, v in x["arguments"].items()) + "</function>"


std("minicpm5", cpm, lambda xs: "\n".join(cpm(x) for x in xs), cpm(U), [U], cut(cpm(W), "Os"))
case("minicpm5", "cdata-value", "plain",
     "<function name=\"python\"><param name=\"code\"><![CDATA[def f():\n    return 1\n]]></param></function>", [P])

case("minicpm5", "collapsed-spelling", "plain", cpm(W).replace("<function name", "<functionname")
     .replace("<param name", "<paramname"), [W])
case("minicpm5", "byte-level-space-marker-and-mixed-spellings", "several",
     cpm(W).replace(" name=", "\u0120name=") + "\n" + cpm(S).replace("<function name", "<function\u0120name")
     .replace("<param name", "<paramname"), [W, S])
case("minicpm5", "call-inside-tool-call-tags", "several",
     "<tool_call>" + cpm(W) + "</tool_call>\n<tool_call>\n" + cpm(S).replace("<param name", "<paramname") + "\n</tool_call>",
     [W, S])
case("minicpm5", "arguments-tag-around-the-parameters", "plain",
     cpm(W).replace("\">", "\"><arguments>", 1).replace("</function>", "</arguments></function>"), [W])
case("minicpm5", "arguments-wrapped-in-properties", "repair",
     "<function name=\"get_weather\"><param name=\"properties\">{'city': 'Oslo', 'days': 2}</param></function>", [W])
case("minicpm5", "a-properties-parameter-without-tools-is-kept", "plain",
     "<function name=\"create_page\"><param name=\"properties\">{\"title\": \"Notes\"}</param></function>",
     [c("create_page", properties="{\"title\": \"Notes\"}")], tools="none")
case("minicpm5", "tokenizer-space-spelling", "several", "\n".join(cpm(x).replace(" name=", SP + "name=") for x in [W, S]),
     [W, S])
one = lambda x: "<|function_call|>" + jcall(x)
std("gigachat3", one, lambda xs: "function call<|role_sep|>\n" + jcall(xs[0]) + "\n" + one(xs[1]),
    "<|function_call|>{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\", \"days\": 2,}}", [W],
    cut(one(W), '"Os'))

one = lambda x: "<longcat_tool_call>\n" + jcall(x) + "\n</longcat_tool_call>"
std("longcat", one, lambda xs: "\n".join(one(x) for x in xs),
    "<longcat_tool_call>{'name': 'get_weather', 'arguments': {'city': 'Oslo', 'days': 2}}</longcat_tool_call>", [W],
    cut(one(W), '"Os'))

ink = lambda x: "<|message_model|>" + x["name"] + "<|content_invoke_tool_json|>" + js(
    {"name": x["name"], "args": x["arguments"]}) + "<|end_message|>"
std("inkling", ink, lambda xs: "".join(ink(x) for x in xs),
    "<|message_model|>get_weather<|content_invoke_tool_json|>{\"name\": \"get_weather\", \"args\": {\"city\": \"Oslo\", "
    "\"days\": 2,}}<|end_message|>", [W], cut(ink(W), '"Os'))

cwm = lambda x: "<tool: function>\n" + x["name"] + " " + js(x["arguments"]) + "\n</tool>"
std("cwm", cwm, lambda xs: "\n".join(cwm(x) for x in xs),
    "<tool: bash>\nshell ls -la | wc -l\n</tool>", [c("shell", command="ls -la | wc -l")], cut(cwm(W), "Os"))

NS = "]<]minimax[>["
m3 = lambda xs: NS + "<tool_call>\n" + "".join(NS + "<invoke name=\"" + x["name"] + "\">\n" + "".join(
    NS + "<" + k + ">" + raw(v) + NS + "</" + k + ">\n" for k, v in x["arguments"].items()) + NS + "</invoke>\n"
    for x in xs) + NS + "</tool_call>"
std("minimax-m3", lambda x: m3([x]), m3, m3([U]), [U], cut(m3([W]), "Os"))
case("minimax-m3", "nested-parameter-tags-are-an-object", "repair",
     NS + "<tool_call>" + NS + "<invoke name=\"update_record\">" + NS + "<id>7" + NS + "</id>" + NS + "<fields>" + NS
     + "<status>done" + NS + "</status>" + NS + "</fields>" + NS + "</invoke>" + NS + "</tool_call>", [U])
case("minimax-m3", "a-nested-tag-given-twice-is-an-array", "repair",
     NS + "<tool_call>" + NS + "<invoke name=\"update_record\">" + NS + "<id>7" + NS + "</id>" + NS + "<fields>" + NS
     + "<tag>a" + NS + "</tag>" + NS + "<tag>b" + NS + "</tag>" + NS + "</fields>" + NS + "</invoke>" + NS + "</tool_call>",
     [c("update_record", id=7, fields={"tag": ["a", "b"]})])
# nested tags are shaped by the schema: an array parameter's repeated child tag is its items, members typed
case("minimax-m3", "nested-tags-shaped-by-the-schema", "repair",
     NS + "<tool_call>" + NS + "<invoke name=\"set_alarm\">" + NS + "<label>Run" + NS + "</label>" + NS + "<days>" + NS
     + "<day>mon" + NS + "</day>" + NS + "<day>fri" + NS + "</day>" + NS + "</days>" + NS + "<when>" + NS + "<hour>07" + NS
     + "</hour>" + NS + "<minute>30" + NS + "</minute>" + NS + "</when>" + NS + "</invoke>" + NS + "</tool_call>",
     [c("set_alarm", label="Run", days=["mon", "fri"], when={"hour": 7, "minute": 30})],
     repairs=["VALUES_TYPED_BY_SCHEMA"])
case("minimax-m3", "one-item-of-an-array-parameter", "repair",
     NS + "<tool_call>" + NS + "<invoke name=\"update_record\">" + NS + "<id>7" + NS + "</id>" + NS + "<tags>" + NS
     + "<tag>urgent" + NS + "</tag>" + NS + "</tags>" + NS + "</invoke>" + NS + "</tool_call>",
     [c("update_record", id=7, tags=["urgent"])])
case("minimax-m3", "nested-tag-left-open-is-an-error", "malformed",
     NS + "<tool_call>" + NS + "<invoke name=\"update_record\">" + NS + "<id>7" + NS + "</id>" + NS + "<fields>" + NS
     + "<status>done" + NS + "</status>" + NS + "</invoke>" + NS + "</tool_call>", [], True)

# families whose wire format an existing reader already covers (GLM-style inside <tool_call>)
pool = lambda x: "<tool_call>" + x["name"] + "\n" + "".join(
    "<arg_key>" + k + "</arg_key>\n<arg_value>\n" + raw(v) + "\n</arg_value>\n" for k, v in x["arguments"].items()) \
    + "</tool_call>"
std("poolside-v1", pool, lambda xs: "\n".join(pool(x) for x in xs), pool(U), [U], cut(pool(W), "Os"))
# Laguna sometimes wraps a GLM call in <user>: a call when it starts with a known tool's exact name
upool = lambda x: pool(x).replace("<tool_call>", "<user>").replace("</tool_call>", "</user>")
case("poolside-v1", "call-wrapped-in-user-tags", "prose", "I'll check.\n" + upool(W), [W], shown="I'll check.\n")
case("poolside-v1", "user-tags-around-text-stay-text", "plain", "<user>hello</user>", [], shown="<user>hello</user>")
case("poolside-v1", "user-tags-need-a-known-tool", "plain", upool(c("delete_all", scope="everything")), [],
     shown=upool(c("delete_all", scope="everything")))
case("poolside-v1", "user-tags-without-tools-stay-text", "plain", upool(W), [], tools="none", shown=upool(W))
ling = lambda x: "<tool_call>" + x["name"] + "\\n" + "".join(
    "<arg_key>" + k + "</arg_key><arg_value>" + raw(v) + "</arg_value>" for k, v in x["arguments"].items()) \
    + "</tool_call>"
std("ling3", ling, lambda xs: "".join(ling(x) for x in xs), ling(U), [U], cut(ling(W), "Os"))
case("glm45", "json-encoded-string-values-hyperclova-x", "regression",
     "<tool_call>get_weather<arg_key>city</arg_key><arg_value>\"Oslo\"</arg_value><arg_key>days</arg_key>"
     "<arg_value>\"2\"</arg_value></tool_call>", [W])
case("glm45", "a-quote-inside-a-value-is-kept", "regression",
     "<tool_call>search<arg_key>query</arg_key><arg_value>\"rust\" borrow checker</arg_value></tool_call>",
     [c("search", query="\"rust\" borrow checker")])
case("hunyuan-v3", "json-encoded-string-value", "plain",
     "<tool_calls><tool_call>get_weather<tool_sep><arg_key>city</arg_key><arg_value>\"Oslo\"</arg_value>"
     "<arg_key>days</arg_key><arg_value>2</arg_value></tool_call></tool_calls>", [W])
# a value may hold the format's own tags as text: the call ends at the closing tag after its last value
case("glm45", "call-tags-inside-a-value-are-text", "plain",
     "Writing the guide.\n<tool_call>send_email<arg_key>to</arg_key><arg_value>a@b.c</arg_value><arg_key>subject</arg_key>"
     "<arg_value>Format</arg_value><arg_key>body</arg_key><arg_value>Wrap each call in <tool_call> and </tool_call>."
     "</arg_value></tool_call>", [c("send_email", to="a@b.c", subject="Format",
                                    body="Wrap each call in <tool_call> and </tool_call>.")], shown="Writing the guide.\n")
case("glm45", "over-escaped-array-value", "regression",
     "<tool_call>update_record<arg_key>id</arg_key><arg_value>7</arg_value><arg_key>fields</arg_key>"
     "<arg_value>{\\\"status\\\": \\\"done\\\"}</arg_value></tool_call>", [U])

sa = lambda x: "<tool_call>function\n" + x["name"] + "\n" + js(x["arguments"]) + "</tool_call>"
std("step-audio2", sa, lambda xs: "".join(sa(x) for x in xs),
    "<tool_call>function\nget_weather\n{'city': 'Oslo', 'days': 2,}</tool_call>", [W], cut(sa(W), '"Os'))
case("step-audio2", "format", "plain", sa(W), [W], format="STEP_AUDIO2")
case("step-audio2", "unknown-tool", "malformed", sa(c("delete_all")), [], True, errorKinds=["UNKNOWN_TOOL"])
case("step-audio2", "glm-pairs-for-a-tool-named-function-stay-glm", "plain",
     "<tool_call>function\n<arg_key>x</arg_key><arg_value>1</arg_value></tool_call>", [c("function", x="1")], False, "none",
     format="GLM")

pg = lambda xs: "[unused11]" + js([{"name": x["name"], "arguments": x["arguments"]} for x in xs]) + "[unused12]"
std("pangu", lambda x: pg([x]), pg, "[unused11][{'name': 'get_weather', 'arguments': {'city': 'Oslo', 'days': 2,}}]"
    "[unused12]", [W], cut(pg([W]), '"Os'))
case("pangu", "empty-list-is-an-error", "malformed", "Sure.[unused11][][unused12]", [], True)

HX = "<|im_start|>assistant -> tool/function_call\n"
hx = lambda xs: HX + js([{"name": x["name"], "arguments": x["arguments"]} for x in xs]) + "<|im_end|>"
std("hyperclovax", lambda x: hx([x]), hx, HX + "[{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\", "
    "\"days\": 2,}}]<|im_end|>", [W], cut(hx([W]), '"Os'))
case("hyperclovax", "one-object-not-a-list", "plain", HX + jcall(W) + "<|im_end|>", [W])

# Ernie 4.5: reasoning closed by a lone </think> (the template opens it), then Hermes tags
er = lambda x: "<tool_call>\n" + jcall(x) + "\n</tool_call>\n"
std("ernie45", lambda x: "The user asks for Oslo.\n</think>\n\n\n" + er(x),
    lambda xs: "Two lookups.\n</think>\n\n\n" + "".join(er(x) for x in xs),
    "Fine.\n</think>\n\n\n<tool_call>\n{'name': 'get_weather', 'arguments': {'city': 'Oslo', 'days': 2,}}\n</tool_call>",
    [W], "Fine.\n</think>\n\n\n" + cut(er(W), '"Os'))
case("ernie45", "a-call-mentioned-while-reasoning-is-not-run", "prose",
     "Maybe " + er(S) + " first? No.\n</think>\n\n\n" + er(W), [W])

# ---------------------------------------------------------------- regressions (issue 16 data-loss items)
R = "regressions"
PENDING_case = lambda *a, **k: None
case(R, "pythonic-number-json-cannot-hold-is-an-error-siblings-kept", "regression",
     "[get_weather(city=\"Oslo\", days=2), search(query=\"x\", limit=1e999)]", [W], True)
case(R, "registered-dotted-name-matches-exactly", "regression",
     "<|tool_call_start|>[grocery.orderIngredients(items=[\"eggs\", \"flour\"])]<|tool_call_end|>",
     [c("grocery.orderIngredients", items=["eggs", "flour"])])
case(R, "prefix-stripped-only-when-full-name-is-not-a-tool", "regression",
     "<|tool_call_start|>[functions.get_weather(city=\"Oslo\", days=2)]<|tool_call_end|>", [W])
case(R, "dsml-invoke-with-json-body-keeps-its-arguments", "regression",
     "<" + DSML + "function_calls>\n<" + DSML + "invoke name=\"get_weather\">\n{\"city\": \"Oslo\", \"days\": 2}\n</" + DSML
     + "invoke>\n</" + DSML + "function_calls>", [W])
case(R, "seed-think-is-reasoning", "regression",
     "<seed:think>Maybe <seed:tool_call>\n<function=search>\n<parameter=query>x</parameter>\n</function>\n"
     "</seed:tool_call> would help.</seed:think>It is sunny in Oslo.", [])
case(R, "mistral-think-is-reasoning", "regression",
     "[THINK]I could call [TOOL_CALLS]search[ARGS]{\"query\": \"x\"} but no.[/THINK]It is sunny in Oslo.", [])
case(R, "glm-value-keeps-its-own-trailing-newline", "regression",
     "<tool_call>python\n<arg_key>code</arg_key>\n<arg_value>    def f():\n        return 1\n</arg_value>\n</tool_call>",
     [c("python", code="    def f():\n        return 1\n")])
case(R, "seed-oss-value-keeps-its-own-trailing-newline", "regression",
     "<seed:tool_call>\n<function=python>\n<parameter=code>\ndef f():\n    return 1\n\n</parameter>\n</function>\n"
     "</seed:tool_call>", [P])
case(R, "minimax-m1-bad-line-keeps-later-lines", "regression",
     "<tool_calls>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\", \"days\": 2}}\n{\"name\": \"search\", "
     "\"arguments\": {\"query\": }\n{\"name\": \"search\", \"arguments\": {\"query\": \"rust borrow checker\", \"limit\": 3}}\n"
     "</tool_calls>", [W, S], True)
case(R, "pythonic-list-broken-call-keeps-siblings", "regression",
     "<|tool_call_start|>[get_weather(city=\"Oslo\", days=2), search(query=b\"x\"), search(query=\"rust borrow checker\", "
     "limit=3)]<|tool_call_end|>", [W, S], True)
case(R, "untyped-xml-values-stay-text-without-schema", "regression",
     "<tool_call>\n<function=anything>\n<parameter=n>\n42\n</parameter>\n<parameter=x>\nnull\n</parameter>\n"
     "<parameter=s>\nOslo\n</parameter>\n</function>\n</tool_call>", [c("anything", n="42", x="null", s="Oslo")], False,
     "none", withoutRepairs=["VALUES_TYPED_BY_SCHEMA"])

# a lone closing reasoning marker: the chat template opened the block in the prompt, so what precedes it is reasoning
LONE = [("qwen35", "Oslo, then. <tool_call>\n" + jcall(S) + "\n</tool_call> would not help.\n</think>\n\n"
         + one_hermes(W)),
        ("nemotron3", "Let me think: {\"name\": \"search\", \"arguments\": {\"query\": \"x\"}} is wrong.</think>"
         + one_hermes(W)),
        ("deepseek-v31", "get_weather looks right.\n</think>" + V3_CALLS + v31(W) + V3_CALLS_END),
        ("seed-oss", "Maybe search.</seed:think>" + sone(W)),
        ("magistral", "[TOOL_CALLS]search[ARGS]{\"query\": \"x\"} is not needed.[/THINK]" + one_hermes(W))]
for fam_id, text in LONE:
    case(R, "lone-closing-reasoning-marker-" + fam_id, "regression", text, [W])
case(R, "lone-closer-after-an-opener-is-a-stray-tag", "regression",
     "<think>short</think>" + one_hermes(W) + "</think>", [W])
case(R, "no-reasoning-marker-is-prose", "regression", "Sure.\n" + one_hermes(W), [W])
case(R, "prompt-tail-opening-think-never-closed-runs-the-call", "regression",
     "Oslo it is.\n" + one_hermes(W) + "\n", [W], options={"promptTail": "<|im_start|>assistant\n<think>\n"},
     shown="\n", repairs=["REASONING_NOT_CLOSED"])
case(R, "prompt-tail-opening-think-never-closed-reports-a-call-more-reasoning-follows", "regression",
     "Maybe " + one_hermes(W) + " later.", [], True, options={"promptTail": "<|im_start|>assistant\n<think>\n"},
     shown="", errorKinds=["CALL_IN_REASONING"], errorTool="get_weather", messageContains=["never closed"])
case(R, "prompt-tail-opening-think-never-closed-reports-the-call-when-asked", "regression",
     "Oslo it is.\n" + one_hermes(W), [], True, options={"promptTail": "<|im_start|>assistant\n<think>\n",
                                                        "runCallsInUnclosedReasoning": False},
     shown="", errorKinds=["CALL_IN_REASONING"], errorTool="get_weather")
case(R, "prompt-tail-prose-is-never-reported", "regression", "\n" + one_hermes(W),
     [W], options={"promptTail": "Earlier turn: " + one_hermes(S)}, shown="\n")


# ---------------------------------------------------------------- behaviour cases of the token, tag and marker formats
NOW = c("now")
case("mistral", "array-of-calls-keeps-ids", "several",
     "[TOOL_CALLS] [{\"name\": \"now\", \"arguments\": {}}, {\"name\": \"search\", \"arguments\": {\"query\": \"x\"}, "
     "\"id\": \"abc123def\"}]</s>", [NOW, c("search", query="x")], ids=[None, "abc123def"], format="MISTRAL")
case("mistral", "v11-repeats-the-marker-per-call", "several",
     "[TOOL_CALLS]get_weather[ARGS]{\"city\": \"Nice\"}[TOOL_CALLS]now[ARGS]{}", [c("get_weather", city="Nice"), NOW],
     shown="")
case("mistral", "call-id-token", "plain", "[TOOL_CALLS]search[CALL_ID]a1B2c3D4e[ARGS]{\"query\": \"q\"}",
     [c("search", query="q")], ids=["a1B2c3D4e"])
case("mistral", "without-args-token", "plain", "[TOOL_CALLS]search{\"query\": \"q\"}", [c("search", query="q")])
case("llama3-python-tag", "several-separated-by-semicolons", "several",
     "<|python_tag|>{\"name\": \"now\", \"parameters\": {}}; {\"name\": \"search\", \"parameters\": {\"query\": \"q\"}}"
     "<|eom_id|>", [NOW, c("search", query="q")], format="LLAMA_PYTHON_TAG", shown="")
case("llama3-python-tag", "built-in-tool-call-is-pythonic", "plain",
     "<|python_tag|>brave_search.call(query=\"weather in SF\")<|eom_id|>", [c("brave_search", query="weather in SF")],
     False, "none")
case("llama4-pythonic", "unpaired-quote-after-a-call-is-an-error-named-after-that-call", "malformed",
     "<|python_start|>[get_weather(city=\"Oslo\", days=2), search(query=\"say \"hi\", limit=3)]<|python_end|>", [], True,
     errorKinds=["INVALID_CALL_SYNTAX"], errorTool="search")
case("llama4-pythonic", "list-of-two", "several", "<|python_start|>[get_weather(city=\"Oslo\", days=2), now()]<|python_end|>",
     [W, NOW], format="LLAMA4")
case("olmo3", "one-call-per-line", "several",
     "<function_calls>\nget_weather(city=\"Bern\")\nsearch(query='fondue', limit=2)\n</function_calls>",
     [c("get_weather", city="Bern"), c("search", query="fondue", limit=2)], format="OLMO3", shown="")
# issue 29: an invalid sibling: the good calls run, the bad line is an error, nothing is invented from it
case("olmo3", "a-line-that-is-not-a-call-is-an-error-beside-the-good-call", "malformed",
     "<function_calls>\nget_weather(city=\"Bern\")\nthen search for fondue\n</function_calls>",
     [c("get_weather", city="Bern")], True, errorKinds=["INVALID_CALL_SYNTAX"], shown="")
case("olmo3", "an-assignment-line-is-an-error-beside-the-good-call", "malformed",
     "<function_calls>\nget_weather(city=\"Bern\")\nresult = search(query='fondue')\n</function_calls>",
     [c("get_weather", city="Bern")], True, errorKinds=["INVALID_CALL_SYNTAX"])
case("olmo3", "a-broken-sibling-is-an-error-beside-the-good-calls", "malformed",
     "<function_calls>\nget_weather(city=\"Bern\")\nsearch(query=)\nnow()\n</function_calls>",
     [c("get_weather", city="Bern"), NOW], True, errorKinds=["INVALID_CALL_SYNTAX"], errorTool="search")
case("hermes", "a-broken-sibling-is-an-error-beside-the-good-call", "malformed",
     one_hermes(W) + "\n<tool_call>\n{\"name\": \"search\", \"arguments\": {\"query\": \"x\",}\n</tool_call>", [W], True,
     errorKinds=["MALFORMED_JSON"], errorTool="search")
case("hermes", "a-nameless-sibling-is-an-error-beside-the-good-call", "malformed",
     one_hermes(W) + "\n<tool_call>\n{\"arguments\": {\"query\": \"x\"}}\n</tool_call>", [W], True,
     errorKinds=["INVALID_CALL_SYNTAX"])
case("lfm2", "pythonic-then-prose", "prose", "<|tool_call_start|>[search(query=\"a\")]<|tool_call_end|>Checking.",
     [c("search", query="a")], shown="Checking.")
case("lfm2", "json-list", "plain", "<|tool_call_start|>[{\"name\": \"now\", \"arguments\": {}}]<|tool_call_end|>", [NOW],
     format="PANGU")
case("granite", "format", "plain", "<|tool_call|>[{\"name\": \"now\", \"arguments\": {}}]", [NOW], format="GRANITE")
case("granite-20b", "two-markers", "several", "<function_call> {\"name\": \"now\", \"arguments\": {}}\n<function_call> "
     "{\"name\": \"search\", \"arguments\": {\"query\": \"g\"}}", [NOW, c("search", query="g")], format="GRANITE_20B")
case("nemotron", "format", "plain", "<TOOLCALL>[{\"name\": \"now\", \"arguments\": {}}]</TOOLCALL>", [NOW],
     format="NEMOTRON")
case("hunyuan-a13b", "format", "plain", "<tool_calls>[{\"name\": \"now\", \"arguments\": {}}]</tool_calls>", [NOW],
     format="TOOL_CALLS_TAG")
case("phi4-functools", "format", "plain", "functools[{\"name\": \"now\", \"arguments\": {}}]", [NOW], format="FUNCTOOLS")
case("phi4-functools", "inside-a-word-is-not-a-marker", "prose", "Use myfunctools[1] here", [], shown="Use myfunctools[1] here")
case("internlm", "format", "plain", "<|action_start|><|plugin|>\n{\"name\": \"now\", \"parameters\": {}}<|action_end|>",
     [NOW], format="INTERNLM")
case("command-r7b", "keeps-the-call-id", "plain", "<|START_ACTION|>[{\"tool_call_id\": \"0\", \"tool_name\": \"search\", "
     "\"parameters\": {\"query\": \"cohere\"}}]<|END_ACTION|>", [c("search", query="cohere")], ids=["0"],
     format="COMMAND_R7B")
case("command-r", "plan-then-fenced-action", "prose",
     "Plan: look it up.\nAction: ```json\n[{\"tool_name\": \"now\", \"parameters\": {}}]\n```", [NOW],
     format="COMMAND_R", shown="Plan: look it up.\n")
case("apertus", "name-keyed-calls", "several",
     "<|tools_prefix|>[{\"get_weather\": {\"city\": \"Chur\"}}, {\"now\": {}}]<|tools_suffix|>",
     [c("get_weather", city="Chur"), NOW], format="APERTUS")
case("apertus", "wrapper-left-open", "repair",
     "<|tools_prefix|>[{\"get_weather\": {\"city\": \"Chur\"}", [c("get_weather", city="Chur")],
     repairs=["MISSING_CLOSING_BRACKETS"], options={"ending": "STOP"})
case("apertus", "arguments-cut-off", "malformed",
     "<|tools_prefix|>[{\"get_weather\": {\"city\": \"Chur\", \"days\": 2", [], True, errorKinds=["TRUNCATED"])
case("kimi-k2", "two-calls-keep-ids", "several",
     KB + "\n<|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{\"city\": \"Seoul\"}<|tool_call_end|>\n"
     "<|tool_call_begin|>functions.now:1<|tool_call_argument_begin|>{}<|tool_call_end|>\n" + KE,
     [c("get_weather", city="Seoul"), NOW], ids=["functions.get_weather:0", "functions.now:1"], shown="")
case("deepseek-v3", "two-calls-after-prose", "prose",
     "Let me check." + V3_CALLS + V3_CALL + "function" + V3_SEP + "get_weather\n```json\n{\"city\": \"Hangzhou\"}\n```"
     + V3_END + "\n" + V3_CALL + "function" + V3_SEP + "now\n```json\n{}\n```" + V3_END + V3_CALLS_END,
     [c("get_weather", city="Hangzhou"), NOW], format="DEEPSEEK_V3", shown="Let me check.")
case("deepseek-v31", "format", "plain", V3_CALLS + V3_CALL + "search" + V3_SEP + "{\"query\": \"v3.1\"}" + V3_END
     + V3_CALLS_END, [c("search", query="v3.1")], format="DEEPSEEK_V31")
case("deepseek-v31", "cut-inside-arguments-is-truncated", "malformed",
     V3_CALLS + V3_CALL + "search" + V3_SEP + "{\"query\": \"v3", [], True, errorKinds=["TRUNCATED"])
case("gpt-oss-harmony", "recipient-in-the-channel", "plain", "<|start|>assistant<|channel|>commentary "
     "to=functions.get_weather <|constrain|>json<|message|>{\"city\": \"Tokyo\"}<|call|>", [c("get_weather", city="Tokyo")],
     format="HARMONY")
case("gpt-oss-harmony", "recipient-in-the-role-header", "plain",
     "<|start|>assistant to=functions.now<|channel|>commentary json<|message|>{}<|call|>", [NOW])
case("gpt-oss-harmony", "analysis-channel-is-reasoning", "prose",
     "<|channel|>analysis<|message|>Need the time. {\"name\": \"now\", \"arguments\": {}}<|end|>"
     "<|start|>assistant<|channel|>commentary to=functions.now <|constrain|>json<|message|>{}<|call|>", [NOW], shown="")
case("gemma4", "raw-strings-keep-quotes-and-types", "repair",
     "<|tool_call>call:get_weather{city:<|\"|>New York, \"NY\"<|\"|>,days:2,metric:false}<tool_call|>",
     [c("get_weather", city="New York, \"NY\"", days=2, metric=False)], format="GEMMA4")
case("function-gemma", "escape-strings-keep-braces", "repair",
     "<start_function_call>call:search{query:<escape>a {b} c<escape>}<end_function_call>", [c("search", query="a {b} c")],
     format="FUNCTION_GEMMA")

case("hermes", "calls-with-prose-between-them", "prose",
     "Let me check both cities.\n<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\"}}\n"
     "</tool_call>\n<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Kyōto\", \"days\": 3}}\n</tool_call>",
     [c("get_weather", city="Oslo"), c("get_weather", city="Kyōto", days=3)], format="HERMES",
     shown="Let me check both cities.\n\n")
case("hermes", "one-tag-two-objects", "several", "<tool_call>{\"name\": \"now\", \"arguments\": {}}\n{\"name\": \"search\", "
     "\"arguments\": {\"query\": \"x\"}}</tool_call>", [NOW, c("search", query="x")])
case("hermes", "unclosed-tag-with-a-complete-call", "repair", "<tool_call>{\"name\": \"now\", \"arguments\": {}}", [NOW])
case("hermes", "cut-inside-a-value-is-truncated", "malformed", "Sending now.\n<tool_call>{\"name\": \"send_email\", "
     "\"arguments\": {\"to\": \"a@b.c\", \"subject\": \"Hi\", \"body\": \"Dear Bo", [], True, errorKinds=["TRUNCATED"],
     errorTool="send_email", messageContains=["cut off"])
case("hermes", "arguments-still-open-are-truncated", "malformed",
     "<tool_call>{\"name\": \"send_email\", \"arguments\": {\"to\": \"a@b.c\"", [], True, errorKinds=["TRUNCATED"])
case("hermes", "tag-at-the-very-end-is-truncated", "malformed", "Calling a tool now: <tool_call>\n", [], True,
     errorKinds=["TRUNCATED"])
case("hermes", "prose-inside-the-tag-is-an-error", "malformed",
     "<tool_call>I want to check the weather, please.</tool_call>", [], True, errorKinds=["INVALID_CALL_SYNTAX"])
case("hermes", "unknown-tool-names-the-available-tools", "malformed",
     "<tool_call>{\"name\": \"delete_all\", \"arguments\": {}}</tool_call>", [], True, errorKinds=["UNKNOWN_TOOL"],
     errorTool="delete_all", messageContains=["delete_all", "get_weather, send_email, search"])
case("qwen3-coder", "raw-values-typed-by-schema", "repair",
     "<tool_call>\n<function=get_weather>\n<parameter=city>\nSão Paulo\n</parameter>\n<parameter=days>\n7\n</parameter>\n"
     "<parameter=metric>\ntrue\n</parameter>\n<parameter=options>\n{\"units\": \"si\"}\n</parameter>\n"
     "<parameter=hours>\n[6, 12]\n</parameter>\n</function>\n</tool_call>",
     [c("get_weather", city="São Paulo", days=7, metric=True, options={"units": "si"}, hours=[6, 12])],
     format="QWEN3_CODER", repairs=["VALUES_TYPED_BY_SCHEMA"])
case("qwen3-coder", "crlf-keeps-inner-lines-trims-one-newline-each-side", "plain",
     "<tool_call>\r\n<function=send_email>\r\n<parameter=to>\r\nx@y.z\r\n</parameter>\r\n<parameter=subject>\r\nHi\r\n"
     "</parameter>\r\n<parameter=body>\n\nLine 1\nLine 2\n\n</parameter>\r\n</function>\r\n</tool_call>",
     [c("send_email", to="x@y.z", subject="Hi", body="\nLine 1\nLine 2\n")])
case("qwen3-coder", "value-not-of-the-declared-type-stays-text", "plain",
     "<tool_call>\n<function=get_weather>\n<parameter=city>\nRome\n</parameter>\n<parameter=days>\na week\n</parameter>\n"
     "</function>\n</tool_call>", [c("get_weather", city="Rome", days="a week")], withoutRepairs=["VALUES_TYPED_BY_SCHEMA"])
case("qwen3-coder", "cut-before-the-function-closes", "malformed",
     "<tool_call>\n<function=send_email>\n<parameter=to>\nx@y.z\n</parameter>\n", [], True, errorKinds=["TRUNCATED"])
case("qwen3-coder", "function-without-its-wrapper", "plain",
     "<function=search>\n<parameter=query>\nrust\n</parameter>\n</function>", [c("search", query="rust")])
case("seed-oss", "own-tag-is-qwen3-coder-markup", "plain", "<seed:tool_call>\n<function=search>\n<parameter=query>\n"
     "open weights\n</parameter>\n<parameter=limit>\n5\n</parameter>\n</function>\n</seed:tool_call>",
     [c("search", query="open weights", limit=5)], format="QWEN3_CODER")
case("glm45", "arg-pairs-typed-by-schema-after-prose", "prose",
     "I'll search.<tool_call>search\n<arg_key>query</arg_key>\n<arg_value>数据库</arg_value>\n<arg_key>limit</arg_key>\n"
     "<arg_value>3</arg_value>\n</tool_call>", [c("search", query="数据库", limit=3)], format="GLM", shown="I'll search.")
case("glm45", "without-arguments", "plain", "<tool_call>now</tool_call>", [NOW])
case("glm45", "cut-off-is-truncated", "malformed", "<tool_call>search\n<arg_key>query</arg_key>\n<arg_value>dat", [],
     True, errorKinds=["TRUNCATED"])
case("minimax-m2", "section-with-two-invokes", "several",
     "<minimax:tool_call>\n<invoke name=\"get_weather\">\n<parameter name=\"city\">Lima</parameter>\n"
     "<parameter name=\"days\">2</parameter>\n</invoke>\n<invoke name=\"now\">\n</invoke>\n</minimax:tool_call>",
     [c("get_weather", city="Lima", days=2), NOW], format="MINIMAX", shown="")
# the section closes right after a complete parameter: the invocation's end tag was dropped, the call is read
case("minimax-m2", "invoke-end-dropped-before-the-section-end", "repair",
     "Checking.\n" + mm([W]).replace("</invoke>\n", ""), [W], repairs=["MISSING_TAGS"], shown="Checking.\n")
case("dots", "invoke-end-dropped-before-the-section-end", "repair",
     "<dots_function_call><invoke name=\"search\"><parameter name=\"query\">rust borrow checker</parameter>"
     "<parameter name=\"limit\">3</parameter></dots_function_call>", [S], repairs=["MISSING_TAGS"])
case("minimax-m2", "unknown-tool", "malformed", "<minimax:tool_call>\n<invoke name=\"rm\">\n</invoke>\n</minimax:tool_call>",
     [], True, errorKinds=["UNKNOWN_TOOL"])
case("deepseek-dsml", "string-false-means-json", "repair",
     "<" + DSML + "function_calls>\n<" + DSML + "invoke name=\"get_weather\">\n<" + DSML + "parameter name=\"city\" "
     "string=\"true\">Paris</" + DSML + "parameter>\n<" + DSML + "parameter name=\"options\" string=\"false\">"
     "{\"units\": \"si\"}</" + DSML + "parameter>\n</" + DSML + "invoke>\n</" + DSML + "function_calls>",
     [c("get_weather", city="Paris", options={"units": "si"})], format="DEEPSEEK_DSML")
case("deepseek-dsml", "string-true-keeps-digits-as-text", "plain",
     "<" + DSML + "tool_calls>\n<" + DSML + "invoke name=\"search\">\n<" + DSML + "parameter name=\"query\" "
     "string=\"true\">2024</" + DSML + "parameter>\n</" + DSML + "invoke>\n</" + DSML + "tool_calls>",
     [c("search", query="2024")])
case("llama3-function-tag", "json-arguments", "plain", "<function=search>{\"query\": \"llama\", \"limit\": 2}</function>",
     [c("search", query="llama", limit=2)], format="LLAMA_FUNCTION_TAG")

case("tool-call-marker", "json-after-marker-prose-around-crlf", "prose",
     "I'll look it up.\r\nTOOL_CALL\r\n{\"tool_name\": \"get_weather\", \"parameters\": {\"city\": \"Zürich\"}}\r\nOne moment.",
     [c("get_weather", city="Zürich")], format="TOOL_CALL_MARKER", shown="I'll look it up.\r\n\r\nOne moment.")
case("tool-call-marker", "colon-and-fenced-json", "plain",
     "TOOL_CALL:\n```json\n{\"tool\": \"search\", \"params\": {\"query\": \"jdk 17\"}}\n```\n", [c("search", query="jdk 17")],
     shown="\n")
case("tool-call-marker", "marker-word-in-prose-is-not-markup", "prose",
     "Write TOOL_CALL followed by JSON; MY_TOOL_CALL {\"tool\": \"now\"} is not it.", [])
case("tool-call-marker", "several-markers-in-order", "several",
     "TOOL_CALL {\"tool_name\": \"now\"}\nTOOL_CALL {\"tool_name\": \"search\", \"parameters\": {\"query\": \"a\"}}\n"
     "TOOL_CALL {\"tool_name\": \"search\", \"parameters\": {\"query\": \"b\"}}", [NOW, c("search", query="a"),
                                                                               c("search", query="b")])
case("tool-call-marker", "custom-marker", "plain", "CALL>> {\"name\": \"now\", \"arguments\": {}}", [NOW],
     options={"marker": "CALL>>"})
case("tool-call-marker", "default-marker-is-json-when-replaced", "plain", "TOOL_CALL {\"name\": \"now\", \"arguments\": {}}",
     [NOW], format="EMBEDDED_JSON", options={"marker": "CALL>>"})
case("bracket-tags", "array-gives-one-call-per-element", "several",
     "Doing both:\n[TOOL_CALL][{\"name\": \"now\", \"args\": {}}, {\"name\": \"search\", \"args\": {\"query\": \"q\"}}]"
     "[/TOOL_CALL] done", [NOW, c("search", query="q")], shown="Doing both:\n done")
case("bracket-tags", "around-a-fence", "plain", "[TOOL_CALL]\n```json\n{\"name\": \"now\", \"arguments\": {}}\n```\n[/TOOL_CALL]",
     [NOW], shown="")
case("bracket-tags", "broken-content-is-an-error-spanning-the-block", "malformed",
     "[TOOL_CALL]{\"name\": \"send_email\", \"args\": {\"to\": }[/TOOL_CALL] sorry", [], True,
     errorKinds=["MALFORMED_JSON"], errorTool="send_email", messageContains=["send_email", "not valid JSON"], shown=" sorry")
case("bracket-tags", "empty-tags-are-an-error", "malformed", "[TOOL_CALL][/TOOL_CALL]", [], True,
     errorKinds=["INVALID_CALL_SYNTAX"])
case("bracket-tags", "empty-array-is-an-error", "malformed", "[TOOL_CALL][][/TOOL_CALL]", [], True,
     errorKinds=["INVALID_CALL_SYNTAX"])
case("bracket-tags", "custom-pair-replaces-the-default", "plain", "<<call>>{\"name\": \"now\", \"arguments\": {}}<</call>>",
     [NOW], options={"tags": ["<<call>>", "<</call>>"]})
case("bracket-tags", "replaced-default-pair-is-json", "plain",
     "[TOOL_CALL]{\"name\": \"now\", \"arguments\": {}}[/TOOL_CALL]", [NOW], format="EMBEDDED_JSON",
     options={"tags": ["<<call>>", "<</call>>"]})
case("bracket-tags", "added-pair-beside-the-default", "several", "@@{\"name\": \"now\", \"arguments\": {}}@@end and "
     "[TOOL_CALL]{\"name\": \"now\", \"arguments\": {}}[/TOOL_CALL]", [NOW, NOW], format="BRACKET_TAGS", shown=" and ",
     options={"addTags": ["@@", "@@end"]})
case("bracket-tags", "garbage-before-the-closing-tag-is-absorbed", "repair",
     "[TOOL_CALL]{\"name\": \"now\", \"arguments\": {}} (no args)[/TOOL_CALL]", [NOW], repairs=["TRAILING_GARBAGE"], shown="")


# markup of a known family with no readable call is an error, never an empty result
for fam_id, text in [("dots", "<dots_function_call>\n</dots_function_call>"),
                     ("hunyuan", "<tool_calls><tool_call></tool_call></tool_calls>"),
                     ("solar-open", "<|tool_call:start|>get_weather\nOslo<|tool_call:end|>"),
                     ("plamo3", "<|plamo:begin_tool_requests:plamo|><|plamo:end_tool_requests:plamo|>"),
                     ("kimi-k3", "<|open|>tools<|sep|><|close|>tools<|sep|>"),
                     ("dsml", "<" + DSML + "function_calls>\n</" + DSML + "function_calls>")]:
    case(R, "silence-is-an-error-" + fam_id, "regression", "Here you go.\n" + text, [], True)


# ---------------------------------------------------------------- issue 29: one value-typing rule for raw values
# The schema decides; without a schema, text stays text. Each family writes the same raw values.
def dots_one(x, ns=""):
    return "<" + ns + ("function_calls" if ns else "dots_function_call") + ">\n<" + ns + "invoke name=\"" + x["name"] \
        + "\">\n" + "".join("<" + ns + "parameter name=\"" + k + "\">" + raw(v) + "</" + ns + "parameter>\n"
                            for k, v in x["arguments"].items()) + "</" + ns + "invoke>\n</" + ns \
        + ("function_calls" if ns else "dots_function_call") + ">"


def dsml_typed(x):
    # DSML marks each value string="true" (text) or string="false" (JSON); the schema still decides
    return "<" + DSML + "function_calls>\n<" + DSML + "invoke name=\"" + x["name"] + "\">\n" + "".join(
        "<" + DSML + "parameter name=\"" + k + "\" string=\"" + ("true" if k in ("label", "note", "city", "query")
                                                                  else "false") + "\">" + v + "</" + DSML + "parameter>\n"
        for k, v in x["arguments"].items()) + "</" + DSML + "invoke>\n</" + DSML + "function_calls>"


def k3_typed(x):
    types = {"label": "string", "note": "string", "city": "string", "query": "string", "snooze": "integer",
             "enabled": "boolean", "days": "array", "when": "object", "volume": "number", "sound": "array"}
    if x["name"] == "get_weather":
        types.update(days="integer", metric="boolean", hours="array")
    return "<|open|>tools<|sep|><|open|>call tool=\"" + x["name"] + "\" index=\"1\"<|sep|>" + "".join(
        "<|open|>argument key=\"" + k + "\" type=\"" + types.get(k, "string") + "\"<|sep|>" + v
        + "<|close|>argument<|sep|>" for k, v in x["arguments"].items()) + "<|close|>call<|sep|><|close|>tools<|sep|>"


RAW_FAMILIES = {
    "qwen3-coder": qone, "seed-oss": sone, "glm45": gone, "minimax-m2": lambda x: mm([x]),
    "hunyuan-v3": lambda x: hy([x]), "solar-open": solar, "dots": dots_one,
    "muse-glimmer": lambda x: dots_one(x, "atem:"), "deepseek-dsml": dsml_typed, "step3": lambda x: step3([x]),
    "kimi-k3": k3_typed, "minicpm5": cpm, "minimax-m3": lambda x: m3([x]), "poolside-v1": pool, "ling3": ling,
}
ALARM_RAW = c("set_alarm", label="007", snooze="null", enabled="1", days="[\"mon\", \"fri\"]",
              when="{\"hour\": 7, \"minute\": 30}", volume="1.50", note="null", sound="[\"chime\", \"bell\"]")
ALARM_TYPED = c("set_alarm", label="007", snooze=None, enabled=True, days=["mon", "fri"], when={"hour": 7, "minute": 30},
                volume=1.5, note=None, sound=["chime", "bell"])
ALARM_RAW2 = c("set_alarm", label="Wake up", snooze="15", enabled="FALSE", sound="chime", volume="0")
ALARM_TYPED2 = c("set_alarm", label="Wake up", snooze=15, enabled=False, sound="chime", volume=0)
UNTYPED = c("get_weather", city="Oslo", days="2", metric="true", hours="[6, 12]")
for fam, render in RAW_FAMILIES.items():
    case(fam, "schema-types-each-value", "repair", render(ALARM_RAW), [ALARM_TYPED], repairs=["VALUES_TYPED_BY_SCHEMA"])
    # (Muse Glimmer runs a block only where it opens its message, so there without the prose)
    case(fam, "schema-types-scalars-and-keeps-strings", "repair",
         ("" if fam == "muse-glimmer" else "Setting it now.\n") + render(ALARM_RAW2),
         [ALARM_TYPED2])
    if fam in ("deepseek-dsml", "kimi-k3"):
        # these formats mark each value's type in the markup (string="false", type="integer"): without a schema
        # the markup's own marking decides
        case(fam, "without-a-schema-the-markups-own-types-decide", "plain", render(UNTYPED),
             [c("get_weather", city="Oslo", days=2, metric=True, hours=[6, 12])], False, "none")
    else:
        case(fam, "without-a-schema-text-stays-text", "plain", render(UNTYPED), [UNTYPED], False, "none",
             withoutRepairs=["VALUES_TYPED_BY_SCHEMA"])
    case(fam, "parameter-the-schema-does-not-list-stays-text", "plain",
         render(c("search", query="1.50", page="02")), [c("search", query="1.50", page="02")],
         withoutRepairs=["VALUES_TYPED_BY_SCHEMA"])


# a value may hold the format's own tags as text (code that writes them): an end tag followed by more text, or a start
# tag naming no parameter of the known tool, is part of the value
CODE = "print(\"</parameter>\")\nline = \"<parameter=new_string>\"\nsteps = [\"</function>\\n\"]"
case("qwen3-coder", "tags-inside-a-value-are-text", "plain",
     "<tool_call>\n<function=python>\n<parameter=code>\n" + CODE + "\n</parameter>\n</function>\n</tool_call>",
     [c("python", code=CODE)])
# beside string, text that is exactly a value of another member of the union is that value; other text stays text
case("qwen3-coder", "union-with-string-reads-an-exact-number", "repair",
     qone(c("set_timer", seconds="90", tag="123")) + "\n" + qone(c("set_timer", seconds="90", tag="0123")),
     [c("set_timer", seconds=90, tag=123), c("set_timer", seconds=90, tag="0123")])
# a value whose end tag is missing ends at the line break before the next tag
case("qwen3-coder", "end-tags-missing-values-end-at-the-line-break", "repair",
     "<tool_call>\n<function=get_weather>\n<parameter=city>Oslo\n<parameter=days>2\n</function>\n</tool_call>", [W])
# an object written as a JSON string of itself (a template that dumped str(dict)) is read once more
case("qwen3-coder", "object-written-as-a-json-string-of-itself", "repair",
     "<tool_call>\n<function=update_record>\n<parameter=id>\n7\n</parameter>\n<parameter=fields>\n\"{'status': 'done'}\"\n"
     "</parameter>\n</function>\n</tool_call>", [U], repairs=["VALUES_TYPED_BY_SCHEMA"])


# a numeric parameter written with leading zeros is that number (Python's int() and Go's strconv read it so)
case("qwen3-coder", "leading-zeros-of-a-number-are-dropped", "repair",
     qone(c("set_alarm", label="007", snooze="007", volume="0.50")),
     [c("set_alarm", label="007", snooze=7, volume=0.5)], repairs=["VALUES_TYPED_BY_SCHEMA"])


# the bare word null for a parameter that takes no string is null, in any case
case("qwen3-coder", "null-for-a-number-is-null", "repair", qone(c("set_alarm", label="null", volume="NULL")),
     [c("set_alarm", label="null", volume=None)], repairs=["VALUES_TYPED_BY_SCHEMA"])


# ---------------------------------------------------------------- issue 29: calls after a <think> never closed
# The serving engines run a call written after <think> when the block is never closed; a call mentioned inside a
# block that closes is reasoning. Built not to run them, the extractor reports each one; it never drops one silently.
THINKERS = {
    "hermes": ("<think>", "</think>", one_hermes), "qwen3-coder": ("<think>", "</think>", qone),
    "glm45": ("<think>", "</think>", gone), "minimax-m2": ("<think>", "</think>", lambda x: mm([x])),
    "deepseek-v3": ("<think>", "</think>", lambda x: V3_CALLS + v3(x) + V3_CALLS_END),
    "deepseek-v31": ("<think>", "</think>", lambda x: V3_CALLS + v31(x) + V3_CALLS_END),
    "deepseek-dsml": ("<think>", "</think>", lambda x: dsml([x])),
    "seed-oss": ("<seed:think>", "</seed:think>", sone),
    "mistral": ("[THINK]", "[/THINK]", lambda x: "[TOOL_CALLS]" + x["name"] + "[ARGS]" + js(x["arguments"])),
    "olmo3": ("<think>", "</think>", lambda x: "<function_calls>\n" + py(x) + "\n</function_calls>"),
    "nemotron": ("<think>", "</think>", lambda x: "<TOOLCALL>" + js([{"name": x["name"], "arguments": x["arguments"]}])
                 + "</TOOLCALL>"),
    "step3": ("<think>", "</think>", lambda x: step3([x])), "minicpm5": ("<think>", "</think>", cpm),
    "longcat": ("<think>", "</think>", lambda x: "<longcat_tool_call>\n" + jcall(x) + "\n</longcat_tool_call>"),
    "solar-open": ("<think>", "</think>", solar), "hunyuan-v3": ("<think>", "</think>", lambda x: hy([x])),
}
for fam, (op, cl, render) in THINKERS.items():
    case(fam, "call-after-a-think-never-closed-runs", "prose",
         op + "The user wants the weather in Oslo for two days.\n" + render(W), [W], shown="",
         repairs=["REASONING_NOT_CLOSED"])
    case(fam, "call-after-a-think-never-closed-is-reported-when-asked", "malformed",
         op + "The user wants the weather in Oslo for two days.\n" + render(W), [], True, shown="",
         errorKinds=["CALL_IN_REASONING"], errorTool="get_weather", options={"runCallsInUnclosedReasoning": False})
    case(fam, "call-mentioned-in-a-think-never-closed-is-reported-not-run", "malformed",
         op + "I could try " + render(S) + " but the user wants the weather; let me think about", [], True,
         errorKinds=["CALL_IN_REASONING"], errorTool="search", shown="")
    case(fam, "call-mentioned-in-a-closed-think-is-not-run", "prose",
         op + "Searching first? " + render(S) + " No: the weather.\n" + cl + "\n" + render(W), [W],
         withoutRepairs=["REASONING_NOT_CLOSED"])


# ---------------------------------------------------------------- issue 29: recoveries the serving engines make
# GLM-4.6/4.7 (and Hunyuan's pairs): a value never opened or never closed, bounded by the tags around it; a call
# left unclosed at the end of the response after its last complete value
GLM_FIX = [
    ("value-never-closed-before-the-next-key", "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Oslo\n"
     "<arg_key>days</arg_key>\n<arg_value>2</arg_value>\n</tool_call>", [W]),
    ("value-never-closed-before-the-call-ends", "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Oslo"
     "\n</tool_call>", [c("get_weather", city="Oslo")]),
    ("every-value-never-closed", "<tool_call>get_weather<arg_key>city</arg_key><arg_value>Oslo<arg_key>days</arg_key>"
     "<arg_value>2</tool_call>", [W]),
    ("value-never-opened", "<tool_call>get_weather\n<arg_key>city</arg_key>\nOslo</arg_value>\n<arg_key>days"
     "</arg_key>\n<arg_value>2</arg_value>\n</tool_call>", [W]),
    ("call-never-closed-after-its-last-value", "I'll check.\n<tool_call>get_weather\n<arg_key>city</arg_key>\n"
     "<arg_value>Oslo</arg_value>\n<arg_key>days</arg_key>\n<arg_value>2</arg_value>\n", [W]),
]
for id, text, calls in GLM_FIX:
    # a call never closed is open: it runs when the text ended on purpose (the stop sequence was its closing tag)
    more = {"options": {"ending": "STOP"}} if id.startswith("call-never-closed") else {}
    case("glm45", id, "repair", text, calls, repairs=["MISSING_TAGS"], **more)
case("glm45", "value-neither-opened-nor-closed-is-an-error", "malformed",
     "<tool_call>get_weather\n<arg_key>city</arg_key>\nOslo\n</tool_call>", [], True,
     errorKinds=["INVALID_CALL_SYNTAX"])
case("glm45", "call-cut-inside-its-last-value-stays-truncated", "malformed",
     "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Oslo</arg_value>\n<arg_key>days</arg_key>\n"
     "<arg_value>2", [], True, errorKinds=["TRUNCATED"])
# issue 39, one truncation rule: a call the text ends inside, in a section never closed, runs only when the text ended
# on purpose and its last value is whole; a call the next call's start leaves open is an error, the next call read
case("hunyuan-v3", "call-and-section-left-open-run-when-the-text-stopped", "repair",
     "Checking.\n<tool_calls><tool_call>get_weather<tool_sep><arg_key>city</arg_key><arg_value>Oslo</arg_value>"
     "<arg_key>days</arg_key><arg_value>2</arg_value>", [W], repairs=["MISSING_TAGS"], options={"ending": "STOP"},
     shown="Checking.\n")
case("hunyuan-v3", "call-and-section-left-open-are-refused-when-the-ending-is-unknown", "malformed",
     "<tool_calls><tool_call>get_weather<tool_sep><arg_key>city</arg_key><arg_value>Oslo</arg_value>", [], True,
     errorKinds=["TRUNCATED"], errorTool="get_weather")
case("hunyuan-v3", "cut-inside-a-value-is-truncated-even-when-stopped", "malformed",
     "<tool_calls><tool_call>get_weather<tool_sep><arg_key>city</arg_key><arg_value>Os", [], True,
     errorKinds=["TRUNCATED"], errorTool="get_weather", options={"ending": "STOP"})
case("hunyuan-v3", "whole-call-in-a-section-left-open-runs", "repair",
     "<tool_calls>" + hy([W])[len("<tool_calls>"):-len("</tool_calls>")], [W])
case("hunyuan-v3", "call-left-open-before-the-next-call-is-an-error", "several",
     "<tool_calls><tool_call>get_weather<tool_sep><arg_key>city</arg_key><arg_value>Oslo</arg_value>"
     + hy([S])[len("<tool_calls>"):], [S], True, errorKinds=["INVALID_CALL_SYNTAX"])
case("hunyuan-v3", "value-never-closed-before-the-next-key", "repair",
     "<tool_calls><tool_call>get_weather<tool_sep><arg_key>city</arg_key><arg_value>Oslo<arg_key>days</arg_key>"
     "<arg_value>2</arg_value></tool_call></tool_calls>", [W], repairs=["MISSING_TAGS"])


# ---------------------------------------------------------------- issue 29: no call the model did not make
# Kimi K2: a call id is functions.NAME:INDEX (or a bare counter); from another header no call is read
for id, header in [("id-without-its-index", "functions.get_weather"), ("id-with-a-word-for-its-index",
                                                                       "functions.get_weather:first"),
                   ("id-with-a-blank-in-the-name", "functions.get weather:0")]:
    case("kimi-k2", "invalid-call-" + id + "-is-an-error", "malformed",
         KB + "<|tool_call_begin|>" + header + "<|tool_call_argument_begin|>{\"city\": \"Oslo\", \"days\": 2}"
         "<|tool_call_end|>" + KE, [], True, errorKinds=["INVALID_CALL_SYNTAX"], messageContains=["functions.NAME:INDEX"])
case("kimi-k2", "invalid-id-refuses-only-its-own-call", "several",
     KB + "<|tool_call_begin|>functions.search<|tool_call_argument_begin|>{\"query\": \"x\"}<|tool_call_end|>"
     + kone(W, 1) + KE, [W], True, errorKinds=["INVALID_CALL_SYNTAX"])
case("kimi-k2", "name-without-the-functions-prefix-is-an-id", "plain",
     KB + "<|tool_call_begin|>get_weather:0<|tool_call_argument_begin|>{\"city\": \"Oslo\", \"days\": 2}"
     "<|tool_call_end|>" + KE, [W], ids=["get_weather:0"])


# ---------------------------------------------------------------- issue 29: known families' variants
# DeepSeek's tokens written with an ASCII bar
ascii_bar = lambda t: t.replace(DS, "|")
case("deepseek-v3", "ascii-bar-tokens", "plain", ascii_bar(V3_CALLS + v3(W) + V3_CALLS_END), [W], format="DEEPSEEK_V3")
case("deepseek-v3", "ascii-bar-tokens-after-prose-several", "several",
     "Checking both.\n" + ascii_bar(V3_CALLS + v3(W) + "\n" + v3(S) + V3_CALLS_END), [W, S], shown="Checking both.\n")
case("deepseek-v3", "ascii-bar-r1-section-opener", "plain", ascii_bar(R1_CALLS + v3(W) + V3_CALLS_END), [W])
case("deepseek-v3", "ascii-bar-tokens-truncated", "malformed", ascii_bar(cut(V3_CALLS + v3(W), '"Os')), [], True,
     errorKinds=["TRUNCATED"])
case("deepseek-v31", "ascii-bar-tokens", "plain", ascii_bar(V3_CALLS + v31(W) + V3_CALLS_END), [W],
     format="DEEPSEEK_V31")
case("deepseek-dsml", "ascii-bar-tokens", "plain", ascii_bar(dsml([W])), [W], format="DEEPSEEK_DSML")
case("deepseek-dsml", "ascii-bar-tokens-several", "several", ascii_bar(dsml([W, S], "tool_calls")), [W, S])
# DeepSeek V4.1: a space after the bar in every tag, the section named calls (vLLM, SGLang, TensorRT-LLM)
v41 = lambda text: text.replace(DSML, DSML + " ")
case("deepseek-dsml", "v41-spaced-tags", "plain", v41(dsml([W], "calls")), [W], format="DEEPSEEK_DSML")
case("deepseek-dsml", "v41-spaced-tags-several", "several", "Checking both.\n\n" + v41(dsml([W, S], "calls")), [W, S],
     shown="Checking both.\n\n")
case("deepseek-dsml", "v41-spaced-tags-typed-by-the-string-attribute", "repair", v41(
     "<" + DSML + "calls>\n<" + DSML + "invoke name=\"update_record\">\n<" + DSML + "parameter name=\"id\" "
     "string=\"false\">7</" + DSML + "parameter>\n<" + DSML + "parameter name=\"tags\" string=\"false\">[\"a\", \"b\"]</"
     + DSML + "parameter>\n</" + DSML + "invoke>\n</" + DSML + "calls>"), [c("update_record", id=7, tags=["a", "b"])])
case("deepseek-dsml", "v41-spaced-tags-truncated", "malformed", v41(cut(dsml([W], "calls"), "Os")), [], True,
     errorKinds=["TRUNCATED"])
case("deepseek-dsml", "v41-unspaced-calls-section-is-not-markup", "prose",
     "<" + DSML + "calls> is how the section starts.", [], False)


# Step-3 as vLLM reads it: no function<｜tool_sep｜> before the invocation, <｜tool_sep｜> between calls
def step3_bare(xs):
    b = DS
    return "<" + b + "tool_calls_begin" + b + ">" + ("<" + b + "tool_sep" + b + ">").join(
        "<" + b + "tool_call_begin" + b + "><steptml:invoke name=\"" + x["name"] + "\">" + "".join(
            "<steptml:parameter name=\"" + k + "\">" + raw(v) + "</steptml:parameter>" for k, v in x["arguments"].items())
        + "</steptml:invoke><" + b + "tool_call_end" + b + ">" for x in xs) + "<" + b + "tool_calls_end" + b + ">"


case("step3", "invocation-without-function-sep", "plain", step3_bare([W]), [W], format="STEP3")
# the tool's name on a line of its own after function<｜tool_sep｜>; inline values keep their own whitespace
case("step3", "name-line-before-the-invocation", "repair",
     step3([c("python", code="    if x:\n        return 1\n")]).replace("function<" + DS + "tool_sep" + DS + ">",
                                                                       "function<" + DS + "tool_sep" + DS + ">python\n"),
     [c("python", code="    if x:\n        return 1\n")])
case("step3", "calls-separated-by-tool-sep", "several", step3_bare([W, S]), [W, S])
case("step3", "without-function-sep-after-prose", "prose", "Let me check the weather for you.\n\n" + step3_bare([W])
     + "\n\nI'll get that information.", [W], shown="Let me check the weather for you.\n\n\n\nI'll get that information.")
case("step3", "without-function-sep-no-arguments", "plain", step3_bare([NOW]), [NOW])
case("step3", "without-function-sep-truncated", "malformed", cut(step3_bare([W]), "Os"), [], True)


# Gemma 4 / FunctionGemma: several call: entries in one block
g4_body = lambda x: "call:" + x["name"] + "{" + ",".join(
    k + ":" + ("<|\"|>" + v + "<|\"|>" if isinstance(v, str) else js(v)) for k, v in x["arguments"].items()) + "}"
case("gemma4", "several-calls-in-one-block", "several", "<|tool_call>" + g4_body(W) + g4_body(S) + "<tool_call|>", [W, S],
     format="GEMMA4")
case("gemma4", "several-calls-in-one-block-after-prose", "prose",
     "Both, then.\n<|tool_call>" + g4_body(W) + "\n" + g4_body(NOW) + "<tool_call|>", [W, NOW], shown="Both, then.\n")
case("gemma4", "a-broken-call-in-a-block-is-an-error", "malformed",
     "<|tool_call>" + g4_body(W) + "call:search{query:}<tool_call|>", [W], True)
# issue 29: a string left open where the object ends the call is closed there (MISSING_TAGS); cut off, it stays an error
case("gemma4", "string-left-open-before-the-calls-end", "repair",
     "<|tool_call>call:get_weather{days:2,city:<|\"|>Oslo}<tool_call|>", [W], repairs=["MISSING_TAGS"])
case("gemma4", "string-left-open-before-the-calls-end-then-prose", "repair",
     "<|tool_call>call:search{limit:3,query:<|\"|>rust borrow checker}<tool_call|>Searching now.", [S],
     repairs=["MISSING_TAGS"], shown="Searching now.")
case("gemma4", "string-left-open-and-cut-off-is-an-error", "malformed",
     "<|tool_call>call:get_weather{city:<|\"|>Oslo}", [], True, errorKinds=["TRUNCATED"])
case("gemma4", "closed-string-holding-a-brace-is-not-repaired", "plain",
     "<|tool_call>call:search{query:<|\"|>a}b<|\"|>,limit:3}<tool_call|>", [c("search", query="a}b", limit=3)],
     withoutRepairs=["MISSING_TAGS"])
fg_body = lambda x: "call:" + x["name"] + "{" + ",".join(
    k + ":" + ("<escape>" + v + "<escape>" if isinstance(v, str) else js(v)) for k, v in x["arguments"].items()) + "}"
case("function-gemma", "several-calls-in-one-block", "several",
     "<start_function_call>" + fg_body(W) + fg_body(S) + "<end_function_call>", [W, S])
# a comma left out after a delimited string, before a key and its colon: read as if written (MISSING_COMMAS)
case("function-gemma", "comma-left-out-after-a-delimited-string", "repair",
     "<start_function_call>call:search{query:<escape>rust borrow checker<escape>limit:3}<end_function_call>", [S],
     repairs=["MISSING_COMMAS"])
case("gemma4", "comma-left-out-after-a-delimited-string", "repair",
     "<|tool_call>call:send_email{to:<|\"|>ops@example.com<|\"|>subject:<|\"|>Disk<|\"|>body:<|\"|>Full.<|\"|>}"
     "<tool_call|>", [c("send_email", to="ops@example.com", subject="Disk", body="Full.")], repairs=["MISSING_COMMAS"])
case("gemma4", "comma-left-out-after-a-number-is-an-error", "malformed",
     "<|tool_call>call:get_weather{days:2 city:<|\"|>Oslo<|\"|>}<tool_call|>", [], True)
# issue 39: a call whose closing brace is missing ends at the block's closer or the next call: what a stream shows of
# its arguments stops before that markup (the arguments' text is display only; the call itself is read whole)
case("function-gemma", "closing-brace-missing-shows-no-markup-as-arguments", "repair",
     "<start_function_call>call:get_weather{city:<escape>Oslo<escape>,days:2<end_function_call>", [W],
     repairs=["MISSING_CLOSING_BRACKETS"], argumentsShown=["{city:<escape>Oslo<escape>,days:2"])
case("gemma4", "closing-brace-missing-shows-no-markup-as-arguments", "repair",
     "<|tool_call>call:get_weather{city:<|\"|>Oslo<|\"|>,days:2<tool_call|>", [W],
     repairs=["MISSING_CLOSING_BRACKETS"], argumentsShown=["{city:<|\"|>Oslo<|\"|>,days:2"])
case("gemma4", "arguments-shown-whole", "plain", "<|tool_call>" + g4_body(S) + "<tool_call|>", [S],
     argumentsShown=["{query:<|\"|>rust borrow checker<|\"|>,limit:3}"])
case("gpt-oss-harmony", "closing-brace-missing-shows-no-markup-as-arguments", "repair",
     "<|channel|>commentary to=functions.get_weather <|constrain|>json<|message|>{\"city\": \"Oslo\", \"days\": 2"
     "<|call|>", [W], repairs=["MISSING_CLOSING_BRACKETS"], argumentsShown=["{\"city\": \"Oslo\", \"days\": 2"])


# openPangu: the calls are a list; a lone object where the list belongs is not read as a call
case("granite", "lone-object-where-the-list-belongs-is-an-error", "malformed", "<|tool_call|>" + jcall(W), [], True)
case("phi4-functools", "lone-object-where-the-list-belongs-is-an-error", "malformed", "Checking. functools" + jcall(W),
     [], True)
case("pangu", "lone-object-where-the-list-belongs-is-an-error", "malformed", "[unused11]" + jcall(W) + "[unused12]", [],
     True, errorKinds=["INVALID_CALL_SYNTAX"])
case("pangu", "lone-object-after-prose-is-an-error", "malformed", "Checking.[unused11]" + jcall(S) + "[unused12] Done.",
     [], True, shown="Checking. Done.")


# Kimi K3 (and every XML-style family): character references in attributes are decoded
case("kimi-k3", "character-references-in-attributes", "plain",
     "<|open|>tools<|sep|><|open|>call tool=\"send&#95;email\" index=\"1\"<|sep|><|open|>argument key=\"to\" "
     "type=\"string\"<|sep|>a@b.c<|close|>argument<|sep|><|open|>argument key=\"sub&#x6A;ect\" type=\"string\"<|sep|>"
     "Q&amp;A<|close|>argument<|sep|><|open|>argument key=\"body\" type=\"string\"<|sep|>See you.<|close|>argument"
     "<|sep|><|close|>call<|sep|><|close|>tools<|sep|>", [c("send_email", to="a@b.c", subject="Q&amp;A", body="See you.")])
case("kimi-k3", "escaped-ampersand-and-quote-in-attributes", "plain",
     "<|open|>tools<|sep|><|open|>call tool=\"weather&amp;alerts\" index=\"1\"<|sep|><|open|>argument key=\"say &quot;hi&quot;\" "
     "type=\"string\"<|sep|>Oslo<|close|>argument<|sep|><|close|>call<|sep|><|close|>tools<|sep|>",
     [{"name": "weather&alerts", "arguments": {"say \"hi\"": "Oslo"}}], tools="none")
# Kimi K3 may write a call's arguments as one JSON block instead of argument tags
K3J = lambda x, i=1: ("<|open|>call tool=\"" + x["name"] + "\" index=\"" + str(i) + "\"<|sep|><|open|>json type=\"object\"<|sep|>"
                      + js(x["arguments"]) + "<|close|>json<|sep|><|close|>call<|sep|>")
case("kimi-k3", "json-block-arguments", "several",
     "<|open|>response<|sep|>Both at once.<|close|>response<|sep|><|open|>tools<|sep|>" + K3J(W) + K3J(S, 2)
     + "<|close|>tools<|sep|>", [W, S])
case("kimi-k3", "json-block-that-is-not-an-object", "malformed",
     "<|open|>tools<|sep|><|open|>call tool=\"get_weather\" index=\"1\"<|sep|><|open|>json type=\"object\"<|sep|>"
     "[\"Oslo\"]<|close|>json<|sep|><|close|>call<|sep|><|close|>tools<|sep|>", [], True)
case("minimax-m2", "character-references-in-the-name", "plain",
     "<minimax:tool_call>\n<invoke name=\"get&#95;weather\">\n<parameter name=\"city\">Oslo</parameter>\n"
     "<parameter name=\"days\">2</parameter>\n</invoke>\n</minimax:tool_call>", [W])


# MiniCPM5: a parameter without its name, or given twice, is no call
case("minicpm5", "parameter-without-a-name-is-an-error", "malformed",
     "<function name=\"get_weather\"><param name=\"\">Oslo</param><param name=\"days\">2</param></function>", [], True,
     errorKinds=["INVALID_CALL_SYNTAX"], errorTool="get_weather")
case("minicpm5", "parameter-tag-without-a-name-attribute-is-an-error", "malformed",
     "<function name=\"get_weather\"><param>Oslo</param><param name=\"days\">2</param></function>", [], True,
     errorKinds=["INVALID_CALL_SYNTAX"], errorTool="get_weather")
case("qwen3-coder", "parameter-tag-without-a-name-is-an-error", "malformed",
     "<tool_call>\n<function=get_weather>\n<parameter>\nOslo\n</parameter>\n</function>\n</tool_call>", [], True,
     errorKinds=["INVALID_CALL_SYNTAX"])
case("minicpm5", "parameter-given-twice-is-an-error", "malformed",
     "Checking.\n<function name=\"get_weather\"><param name=\"city\">Oslo</param><param name=\"city\">Bergen</param>"
     "</function>", [], True, errorKinds=["INVALID_CALL_SYNTAX"], messageContains=["twice"], shown="Checking.\n")
case("minimax-m2", "parameter-without-a-name-is-an-error", "malformed",
     "<minimax:tool_call>\n<invoke name=\"get_weather\">\n<parameter name=\"\">Oslo</parameter>\n</invoke>\n"
     "</minimax:tool_call>", [], True, errorKinds=["INVALID_CALL_SYNTAX"])


# GigaChat 3: a call object must give its arguments
case("gigachat3", "call-without-arguments-is-an-error", "malformed", "<|function_call|>{\"name\": \"now\"}", [], True,
     errorKinds=["INVALID_CALL_SYNTAX"], errorTool="now")
case("gigachat3", "call-with-empty-arguments", "plain", "<|function_call|>{\"name\": \"now\", \"arguments\": {}}", [NOW])


# LongCat: GLM-style pairs with LongCat's own tag names
lc = lambda x: "<longcat_tool_call>" + x["name"] + "\n" + "".join(
    "<longcat_arg_key>" + k + "</longcat_arg_key>\n<longcat_arg_value>" + raw(v) + "</longcat_arg_value>\n"
    for k, v in x["arguments"].items()) + "</longcat_tool_call>"
case("longcat", "arg-key-pairs", "plain", lc(W), [W], format="LONGCAT")
case("longcat", "arg-key-pairs-several-after-prose", "prose", "Checking both.\n" + lc(W) + "\n" + lc(S), [W, S],
     shown="Checking both.\n\n")
case("longcat", "arg-key-pairs-typed-by-schema", "repair", lc(ALARM_RAW), [ALARM_TYPED], repairs=["VALUES_TYPED_BY_SCHEMA"])
case("longcat", "arg-key-pairs-without-a-schema-stay-text", "plain", lc(UNTYPED), [UNTYPED], False, "none")
case("longcat", "arg-key-pairs-truncated", "malformed", cut(lc(W), "Os"), [], True, errorKinds=["TRUNCATED"])


# TeleChat4 / Xing 4.0 (XingChen-AGI): <param_key>/<param_value> pairs after the name in Hermes' tag; its NAME{json}
# and JSON calls in the same tag are GLM's and Hermes' forms
tc = lambda x: "<tool_call>" + x["name"] + "".join(
    "<param_key>" + k + "</param_key><param_value>" + raw(v) + "</param_value>" for k, v in x["arguments"].items()) + "</tool_call>"
std("telechat4", tc, lambda xs: "\n".join(tc(x) for x in xs), tc(ALARM_RAW), [ALARM_TYPED], cut(tc(W), "Os"))
case("telechat4", "pairs-on-their-own-lines", "plain", "<tool_call>get_weather\n<param_key>city</param_key>\n"
     "<param_value>Oslo</param_value>\n<param_key>days</param_key>\n<param_value>2</param_value>\n</tool_call>", [W])
case("telechat4", "without-a-schema-values-stay-text", "plain", tc(UNTYPED), [UNTYPED], False, "none")
case("telechat4", "name-then-json", "plain", "<tool_call>get_weather{\"city\": \"Oslo\", \"days\": 2}</tool_call>", [W],
     format="GLM")
case("telechat4", "hermes-json", "plain", "<tool_call>" + jcall(W) + "</tool_call>", [W], format="HERMES")
case("telechat4", "a-value-never-closed-is-cut-off", "malformed",
     "<tool_call>get_weather<param_key>city</param_key><param_value>Os", [], True, errorKinds=["TRUNCATED"])

# K2 Horizon / K2-v3 (IFM): <ifm|tool_calls> around <ifm|tool_call>NAME and <ifm|arg_key>/<ifm|arg_value> pairs, an
# optional <ifm|arg_type> between them (the schema first, then the declared type), or JSON in the tag
k2 = lambda x, typed=False: "<ifm|tool_call>" + x["name"] + "\n" + "".join(
    "<ifm|arg_key>" + k + "</ifm|arg_key>\n"
    + ("<ifm|arg_type>" + ("string" if isinstance(v, str) else "integer" if isinstance(v, int) else "object")
       + "</ifm|arg_type>\n" if typed else "")
    + "<ifm|arg_value>" + raw(v) + "</ifm|arg_value>\n" for k, v in x["arguments"].items()) + "</ifm|tool_call>"
k2s = lambda xs: "<ifm|tool_calls>\n" + "\n".join(k2(x) for x in xs) + "\n</ifm|tool_calls>"
std("k2-horizon", lambda x: k2s([x]), k2s, k2s([ALARM_RAW]), [ALARM_TYPED], cut(k2s([W]), "Os"))
case("k2-horizon", "declared-types-without-a-schema", "plain", "<ifm|tool_calls>\n" + k2(W, True) + "\n</ifm|tool_calls>",
     [W], False, "none")
case("k2-horizon", "the-schema-over-a-declared-type", "repair", "<ifm|tool_call>get_weather<ifm|arg_key>city</ifm|arg_key>"
     "<ifm|arg_value>Oslo</ifm|arg_value><ifm|arg_key>days</ifm|arg_key><ifm|arg_type>string</ifm|arg_type>"
     "<ifm|arg_value>2</ifm|arg_value></ifm|tool_call>", [W])
case("k2-horizon", "without-a-schema-or-type-values-stay-text", "plain", k2(UNTYPED), [UNTYPED], False, "none")
case("k2-horizon", "json-in-the-tag", "plain", "Sure.\n<ifm|tool_calls>\n<ifm|tool_call>" + jcall(W)
     + "</ifm|tool_call>\n</ifm|tool_calls>", [W])
case("k2-horizon", "without-the-wrapper-after-prose", "prose", "Let me look.\n" + k2(W) + "\n" + k2(S), [W, S])

# openPangu v2 (vLLM openpangu_v2): a JSON list of calls between <|tool_call_start|> and <|tool_call_end|>, the tokens
# LFM2 writes its pythonic list between; the content's first significant character (past an optional "[") decides:
# "{" is openPangu v2's JSON, PANGU (a lone object an error), anything else LFM2's pythonic calls
pg2 = lambda xs: "<|tool_call_start|>" + js([{"name": x["name"], "arguments": x["arguments"]} for x in xs]) + "<|tool_call_end|>"
case("pangu", "v2-json-list-between-lfm2-tokens", "plain", pg2([W]), [W], format="PANGU")
case("pangu", "v2-several-after-prose", "several", "Checking both.\n" + pg2([W, S]), [W, S], format="PANGU",
     shown="Checking both.\n")
case("pangu", "v2-list-on-its-own-lines", "plain", "<|tool_call_start|>\n[\n  " + jcall(S) + "\n]\n<|tool_call_end|>",
     [S], format="PANGU")
case("pangu", "v2-lone-object-is-an-error", "malformed", "<|tool_call_start|>" + jcall(W) + "<|tool_call_end|>", [], True,
     errorKinds=["INVALID_CALL_SYNTAX"])
case("pangu", "v2-cut-off-in-the-list", "malformed", cut(pg2([W]), "Os"), [], True, errorKinds=["TRUNCATED"])
case("pangu", "v2-list-without-its-end-token-is-refused-when-the-text-was-cut", "malformed",
     "<|tool_call_start|>" + js([{"name": "get_weather", "arguments": {"city": "Oslo"}}]), [], True,
     errorKinds=["TRUNCATED"], options={"ending": "LENGTH"})
case("lfm2", "pythonic-list-after-blanks-is-lfm2s", "plain",
     "<|tool_call_start|>\n [get_weather(city=\"Oslo\", days=2)]<|tool_call_end|>", [W], format="LFM2")
case("lfm2", "pythonic-call-without-its-list-is-lfm2s", "plain",
     "<|tool_call_start|>search(query=\"rust borrow checker\", limit=3)<|tool_call_end|>", [S], format="LFM2")

# IQuest Coder (SGLang iquest_q1, vLLM iquest_coder_v2): GLM's <arg_key>/<arg_value> pairs after the name in the
# family's own tag, <iquest_tool_call> (Q1) or <iquestcoder_tool_call> (V2); values typed by the schema; content that
# is no name leaves the tag as text
iq = lambda x, tag="iquest_tool_call": "<" + tag + ">" + x["name"] + "".join(
    "<arg_key>" + k + "</arg_key><arg_value>" + raw(v) + "</arg_value>" for k, v in x["arguments"].items()) + "</" + tag + ">"
std("iquest-coder", iq, lambda xs: "\n".join(iq(x) for x in xs), iq(ALARM_RAW), [ALARM_TYPED], cut(iq(W), "Os"))
case("iquest-coder", "v2-tag-with-pairs-on-their-own-lines", "plain", "<iquestcoder_tool_call>get_weather\n"
     "<arg_key>city</arg_key>\n<arg_value>Oslo</arg_value>\n<arg_key>days</arg_key>\n<arg_value>2</arg_value>\n"
     "</iquestcoder_tool_call>", [W])
case("iquest-coder", "name-alone-is-a-call-without-arguments", "plain", "Checking the time.\n" + iq(NOW), [NOW],
     shown="Checking the time.\n")
case("iquest-coder", "without-a-schema-values-stay-text", "plain", iq(UNTYPED), [UNTYPED], False, "none")
case("iquest-coder", "content-that-is-no-name-stays-text", "prose",
     "<iquest_tool_call>{\"name\": \"now\"}</iquest_tool_call>", [],
     shown="<iquest_tool_call>{\"name\": \"now\"}</iquest_tool_call>")

# GigaChat 3.5 (vLLM / SGLang gigachat35): GCML, DeepSeek's DSML under another name, in <｜GCML｜tool_calls>
GCML = DS + "GCML" + DS
gc_invoke = lambda x: "<" + GCML + "invoke name=\"" + x["name"] + "\">\n" + "".join(
    "<" + GCML + "parameter name=\"" + k + "\" string=\"" + ("true" if isinstance(v, str) else "false") + "\">"
    + raw(v) + "</" + GCML + "parameter>\n" for k, v in x["arguments"].items()) + "</" + GCML + "invoke>\n"
gc = lambda xs: "<" + GCML + "tool_calls>\n" + "".join(gc_invoke(x) for x in xs) + "</" + GCML + "tool_calls>"
std("gigachat35", lambda x: gc([x]), gc, "<" + GCML + "tool_calls>\n<" + GCML + "invoke name=\"get_weather\">\n<" + GCML
    + "parameter name=\"city\" string=\"true\">Oslo</" + GCML + "parameter>\n<" + GCML + "parameter name=\"days\" "
    "string=\"true\">2</" + GCML + "parameter>\n</" + GCML + "invoke>\n</" + GCML + "tool_calls>", [W], cut(gc([W]), "Os"))
case("gigachat35", "string-false-reads-json-without-a-schema", "plain", gc([W]), [W], False, "none")
case("gigachat35", "string-true-keeps-text-without-a-schema", "plain", gc([UNTYPED]), [UNTYPED], False, "none")

# MiMo V2.6 (and Qwen3-Coder at times): Qwen3-Coder's <function=NAME><parameter=K>V</parameter></function> without
# the <tool_call> wrapper; a call only as a whole: prose around a <function=…> tag, or after a parameter's end, keeps it
# prose (BareFunctionTest: prose after a parameter's end, whose stream holds the text until it is decided); a
# </tool_call> left after it is hidden with it
mb = lambda x: "<function=" + x["name"] + ">\n" + "".join(
    "<parameter=" + k + ">\n" + raw(v) + "\n</parameter>\n" for k, v in x["arguments"].items()) + "</function>"
std("mimo-bare", mb, lambda xs: "\n".join(mb(x) for x in xs), mb(ALARM_RAW), [ALARM_TYPED], cut(mb(W), "Os"))
case("mimo-bare", "wrapper-close-left-after-the-call-is-hidden", "repair", mb(W) + "\n</tool_call>", [W], shown="")
case("mimo-bare", "call-then-prose", "prose", mb(W) + "\nI will answer when it returns.", [W],
     shown="\nI will answer when it returns.")
case("mimo-bare", "tag-named-in-prose-stays-prose", "prose",
     "Write <function=get_weather> to start a call and </function> to end it.", [],
     shown="Write <function=get_weather> to start a call and </function> to end it.")
case("mimo-bare", "end-tag-dropped-before-the-wrapper-close", "repair",
     "<function=get_weather>\n<parameter=city>\nOslo\n</parameter>\n</tool_call>", [c("get_weather", city="Oslo")], shown="",
     repairs=["MISSING_TAGS"])
case("mimo-bare", "call-left-open-is-refused-when-the-text-was-cut", "malformed",
     "<function=get_weather>\n<parameter=city>\nOslo\n</parameter>\n", [], True, errorKinds=["TRUNCATED"],
     options={"ending": "LENGTH"})
case("mimo-bare", "call-left-open-runs-when-the-text-ended-on-purpose", "regression",
     "<function=get_weather>\n<parameter=city>\nOslo\n</parameter>\n", [c("get_weather", city="Oslo")],
     options={"ending": "STOP"})

# K2 Horizon's reasoning: <ifm|think>, <ifm|think_fast> or <ifm|think_faster> by reasoning effort, hidden like every
# reasoning block (a call in it is not run); the prompt opens it, and the model may close it with another effort's tag
case("k2-horizon", "reasoning-is-hidden", "prose", "<ifm|think>I should check the weather.</ifm|think>\n"
     + k2s([W]), [W], shown="\n\n\n")
case("k2-horizon", "call-in-reasoning-is-not-run", "prose",
     "<ifm|think_fast>Maybe " + k2(S) + " first?</ifm|think_fast>The answer is 4.", [], shown="The answer is 4.")
case("k2-horizon", "reasoning-the-prompt-opened-ends-at-its-closing-tag", "prose",
     "The user wants the weather.</ifm|think>\n" + k2s([W]), [W], shown="\n\n\n")
case("k2-horizon", "reasoning-closed-with-another-efforts-tag", "prose",
     "<ifm|think_faster>Quick plan.</ifm|think>Here it is.", [], shown="Here it is.")

# The peer corpora's remaining misses, each a family rule
# GLM: a JSON array written with its quotes escaped, as inside a JSON string, is read for an array parameter
case("glm45", "raw-escaped-json-array-typed-by-schema", "repair",
     "<tool_call>update_record<arg_key>id</arg_key><arg_value>7</arg_value><arg_key>tags</arg_key>"
     "<arg_value>[\\\"urgent\\\", \\\"ops\\\"]</arg_value></tool_call>", [c("update_record", id=7, tags=["urgent", "ops"])])
# GLM: a call whose </tool_call> was dropped after its last complete value ends where the next call begins
case("glm45", "call-left-unclosed-before-the-next-call", "several",
     "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Oslo</arg_value>\n<arg_key>days</arg_key>\n"
     "<arg_value>2</arg_value>\n" + gone(S), [W, S])
case("glm45", "call-cut-inside-a-value-before-the-next-call-is-read-to-its-end", "regression",
     "<tool_call>get_weather\n<arg_key>city</arg_key>\n<tool_call>search\n<arg_key>query</arg_key>\n"
     "<arg_value>rust</arg_value>\n</tool_call>", [c("search", query="rust")], True, errorKinds=["TRUNCATED"])
# GLM: a value left unclosed ends before the next <arg_key>, and its call at its first </tool_call> or the next
# <tool_call> (vLLM's and SGLang's GLM parsers end a call at its first </tool_call>): it never swallows the next call
case("glm45", "value-left-open-does-not-swallow-the-next-call", "several",
     "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Oslo\n</tool_call>\n<tool_call>search\n"
     "<arg_key>query</arg_key>\n<arg_value>rust</arg_value>\n</tool_call>", [c("get_weather", city="Oslo"),
                                                                         c("search", query="rust")])
case("glm45", "value-left-open-does-not-swallow-the-next-call-compact", "several",
     "<tool_call>get_weather<arg_key>city</arg_key><arg_value>Oslo</tool_call><tool_call>search<arg_key>query"
     "</arg_key><arg_value>rust</arg_value></tool_call>", [c("get_weather", city="Oslo"), c("search", query="rust")])
case("glm45", "value-and-call-left-open-before-the-next-call", "regression",
     "<tool_call>get_weather<arg_key>city</arg_key><arg_value>Oslo<tool_call>search<arg_key>query</arg_key>"
     "<arg_value>rust</arg_value></tool_call>", [c("search", query="rust")], True, errorKinds=["TRUNCATED"])
case("glm45", "closed-value-holding-call-tags-before-the-next-call", "several",
     "<tool_call>send_email<arg_key>to</arg_key><arg_value>a@b.c</arg_value><arg_key>subject</arg_key><arg_value>Tags"
     "</arg_value><arg_key>body</arg_key><arg_value>End it with </tool_call><tool_call> then.</arg_value></tool_call>"
     "<tool_call>now</tool_call>", [c("send_email", to="a@b.c", subject="Tags",
                                      body="End it with </tool_call><tool_call> then."), NOW])
# pythonic lists: a sibling whose string was followed by a word (a comma left out) is an error of its own, the
# other calls run (the quote is not taken for one the model forgot to escape when that reading runs off the end)
PY_BAD = "search(query=\"rust\" limit=3)"
case("pythonic", "sibling-with-a-comma-left-out-after-a-string-costs-no-call", "several",
     "[get_weather(city=\"Oslo\", days=2), " + PY_BAD + ", now()]", [W, NOW], True,
     errorKinds=["INVALID_CALL_SYNTAX"])
case("lfm2", "sibling-with-a-comma-left-out-after-a-string-costs-no-call", "several",
     "<|tool_call_start|>[get_weather(city=\"Oslo\", days=2), " + PY_BAD + "]<|tool_call_end|>", [W], True,
     errorKinds=["INVALID_CALL_SYNTAX"])
case("llama4-pythonic", "sibling-with-a-comma-left-out-after-a-string-costs-no-call", "several",
     "<|python_start|>[" + PY_BAD + ", get_weather(city=\"Oslo\", days=2)]<|python_end|>", [W], True,
     errorKinds=["INVALID_CALL_SYNTAX"])
# LFM2: kept quotes that do not pair up leave where the string ends a guess (vLLM tries every closing quote; see the
# deliberate differences)
case("lfm2", "nested-quotes-that-do-not-pair-up-are-an-error", "malformed",
     "<|tool_call_start|>[shell(command=\"say \"a\" and \"b\"\")]<|tool_call_end|>", [], True,
     errorKinds=["INVALID_CALL_SYNTAX"])
# MiniMax-M2 (and every invoke-style family): an invocation without its name, or with a parameter without one, is an
# error that ends at its own </invoke>; its siblings run (vLLM skips such an invocation)
case("minimax-m2", "invocation-without-a-name-costs-no-sibling", "several",
     "<minimax:tool_call>\n<invoke>\n<parameter name=\"city\">Oslo</parameter>\n</invoke>\n" + mone(S)
     + "</minimax:tool_call>", [S], True, errorKinds=["INVALID_CALL_SYNTAX"])
case("minimax-m2", "parameter-without-a-name-costs-no-sibling", "several",
     "<minimax:tool_call>\n" + mone(S) + "<invoke name=\"get_weather\">\n<parameter>Oslo</parameter>\n</invoke>\n"
     "</minimax:tool_call>", [S], True, errorKinds=["INVALID_CALL_SYNTAX"])
case("minimax-m2", "invocation-without-arguments-is-a-call", "plain",
     "<minimax:tool_call>\n<invoke name=\"now\">\n</invoke>\n</minimax:tool_call>", [NOW])
# FunctionGemma / Gemma 4: every value may be a delimited string; the schema types it where it says otherwise
case("function-gemma", "delimited-number-typed-by-schema", "repair",
     "<start_function_call>call:search{query:<escape>rust borrow checker<escape>,limit:<escape>3<escape>}"
     "<end_function_call>", [S], repairs=["VALUES_TYPED_BY_SCHEMA"])
case("function-gemma", "every-value-delimited-and-no-commas", "repair",
     "<start_function_call>call:get_weather{city:<escape>Oslo<escape>days:<escape>2<escape>}<end_function_call>", [W])
case("function-gemma", "delimited-number-without-a-schema-stays-text", "plain",
     "<start_function_call>call:search{query:<escape>rust<escape>,limit:<escape>3<escape>}<end_function_call>",
     [c("search", query="rust", limit="3")], False, "none")
case("gemma4", "delimited-number-typed-by-schema", "repair",
     "<|tool_call>call:get_weather{city:<|\"|>Oslo<|\"|>,days:<|\"|>2<|\"|>}<tool_call|>", [W],
     repairs=["VALUES_TYPED_BY_SCHEMA"])

# A model's own response_template (../response-templates/, transformers' declarative description of its output): the
# template's tool_calls region is read before every family's markup, in the format RESPONSE_TEMPLATE.
QT = {"responseTemplate": "qwen3-coder"}
qt = lambda x: "<tool_call>\n<function=" + x["name"] + ">\n" + "".join(
    "<parameter=" + k + ">\n" + raw(v) + "\n</parameter>\n" for k, v in x["arguments"].items()) + "</function>\n</tool_call>"
case("response-template", "plain", "plain", qt(W), [W], options=QT)
case("response-template", "several", "several", qt(W) + "\n" + qt(S), [W, S], options=QT)
case("response-template", "prose", "prose", "Let me look that up.\n" + qt(S) + "\nI'll summarise when it returns.", [S],
     options=QT, shown="Let me look that up.\n\nI'll summarise when it returns.")
case("response-template", "values-typed-by-schema", "repair", qt(ALARM_RAW), [ALARM_TYPED], options=QT)
case("response-template", "truncated", "malformed", cut(qt(W), "Os"), [], True, options=QT, errorKinds=["TRUNCATED"])
case("response-template", "thinking-is-reasoning", "plain", "<think>Oslo, two days.</think>\n" + qt(W), [W],
     options=QT, shown="\n")
case("response-template", "without-a-schema-the-value-parser-reads-json", "plain", qt(UNTYPED),
     [c("get_weather", city="Oslo", days=2, metric=True, hours=[6, 12])], False, "none", options=QT)
GT = {"responseTemplate": "gemma4"}
case("response-template", "gemma4-raw-strings", "plain",
     "<|tool_call>call:get_weather{city:<|\"|>Oslo<|\"|>,days:2}<tool_call|>", [W], options=GT)
case("response-template", "gemma4-closing-tokens-hidden", "prose",
     "Checking.<|tool_call>call:search{query:<|\"|>rust borrow checker<|\"|>,limit:3}<tool_call|><|tool_response>",
     [S], options=GT, shown="Checking.")
LT = {"responseTemplate": "trl-lfm2_2_5"}
# TRL's LFM2.5 template: a comma between arguments opens no call (only ", NAME(" does), and a value written as one
# string between the value_parser's string_delims is its content, then typed by the schema
case("response-template", "lfm2-5-every-argument-read", "plain",
     "<|tool_call_start|>[get_weather(city='Oslo', days=2)]<|tool_call_end|>", [W], options=LT)
case("response-template", "lfm2-5-several-calls", "several",
     "<|tool_call_start|>[get_weather(city='Oslo', days=2), search(query='rust borrow checker', limit=3)]"
     "<|tool_call_end|>", [W, S], options=LT)
case("response-template", "lfm2-5-quoted-number-typed-by-schema", "repair",
     "Checking.<|tool_call_start|>[get_weather(days='2', city=\"Oslo\")]<|tool_call_end|>", [W], options=LT,
     shown="Checking.")
CT = {"responseTemplate": "command-r7b"}
case("response-template", "command-r7b-each-element-transformed", "several",
     "<|START_THINKING|>Both.<|END_THINKING|><|START_ACTION|>[{\"tool_call_id\": \"0\", \"tool_name\": \"get_weather\", "
     "\"parameters\": {\"city\": \"Oslo\", \"days\": 2}}, {\"tool_call_id\": \"1\", \"tool_name\": \"search\", "
     "\"parameters\": {\"query\": \"rust borrow checker\", \"limit\": 3}}]<|END_ACTION|>", [W, S], options=CT, shown="")
case("response-template", "command-r7b-transform-missing-a-key-is-an-error", "malformed",
     "<|START_ACTION|>[{\"tool_name\": \"get_weather\"}]<|END_ACTION|>", [], True, options=CT,
     errorKinds=["INVALID_CALL_SYNTAX"], messageContains=["parameters"])

# the format every call of a family's "plain" case is read in
FORMAT_OF = {
    "hermes": "HERMES", "tool-call-marker": "TOOL_CALL_MARKER", "bracket-tags": "BRACKET_TAGS",
    "json-fence": "JSON_FENCE", "embedded-json": "EMBEDDED_JSON", "mistral": "MISTRAL",
    "llama3-python-tag": "LLAMA_PYTHON_TAG", "llama3-function-tag": "LLAMA_FUNCTION_TAG", "granite": "GRANITE",
    "granite-20b": "GRANITE_20B", "nemotron": "NEMOTRON", "hunyuan-a13b": "TOOL_CALLS_TAG",
    "phi4-functools": "FUNCTOOLS", "internlm": "INTERNLM", "command-r7b": "COMMAND_R7B", "command-r": "COMMAND_R",
    "apertus": "APERTUS", "kimi-k2": "KIMI_K2", "gpt-oss-harmony": "HARMONY", "deepseek-v3": "DEEPSEEK_V3",
    "deepseek-v31": "DEEPSEEK_V31", "deepseek-dsml": "DEEPSEEK_DSML", "qwen3-coder": "QWEN3_CODER",
    "seed-oss": "QWEN3_CODER", "glm45": "GLM", "minimax-m2": "MINIMAX", "llama4-pythonic": "LLAMA4",
    "olmo3": "OLMO3", "lfm2": "LFM2", "pythonic": "PYTHONIC", "gemma4": "GEMMA4", "function-gemma": "FUNCTION_GEMMA",
    "hunyuan-v3": "HUNYUAN", "solar-open": "SOLAR_OPEN", "plamo3": "PLAMO3", "dots": "DOTS", "muse-glimmer": "ATEM",
    "step3": "STEP3", "kimi-k3": "KIMI_K3", "minicpm5": "MINICPM5", "gigachat3": "GIGACHAT3", "longcat": "LONGCAT",
    "inkling": "INKLING", "cwm": "CWM", "minimax-m3": "MINIMAX_M3", "poolside-v1": "GLM", "ling3": "GLM",
    "step-audio2": "STEP_AUDIO2", "glm53-flash": "GLM", "pangu": "PANGU", "hyperclovax": "HYPERCLOVAX", "ernie45": "HERMES", "functionary-v32": "FUNCTIONARY_V32",
    "response-template": "RESPONSE_TEMPLATE", "telechat4": "TELECHAT4", "k2-horizon": "K2_HORIZON",
    "iquest-coder": "IQUEST_CODER", "gigachat35": "GIGACHAT35", "mimo-bare": "QWEN3_CODER",
    "function-calls-xml": "FUNCTION_CALLS_XML", "react": "REACT", "qwen-agent": "QWEN_AGENT",
}


# ---------------------------------------------------------------- one truncation rule (issue 39): how the text ended
# A call whose own markup the end of the text leaves open (no closing tag after its last value, a wrapper never
# closed) runs only when the text ended on purpose (STOP); unknown or cut by a token limit (LENGTH), it is refused.
# A whole call in a block left open (<tool_call>{...} without </tool_call>) runs unless LENGTH; at LENGTH a last call
# that only the end completed is refused too. The same for every family.
OPEN_CALLS = [
    ("glm-call-never-closed", "<tool_call>get_weather\n<arg_key>city</arg_key>\n<arg_value>Oslo</arg_value>\n"),
    ("qwen3-coder-function-never-closed", "<tool_call>\n<function=get_weather>\n<parameter=city>\nOslo\n"
     "</parameter>\n"),
    ("minimax-invoke-never-closed", "<minimax:tool_call>\n<invoke name=\"get_weather\">\n<parameter name=\"city\">"
     "Oslo</parameter>\n"),
    ("apertus-wrapper-never-closed", "<|tools_prefix|>[{\"get_weather\": {\"city\": \"Oslo\"}"),
    ("hunyuan-call-never-closed", "<tool_calls><tool_call>get_weather<tool_sep><arg_key>city</arg_key><arg_value>Oslo"
     "</arg_value>"),
]
OSLO = c("get_weather", city="Oslo")
for id, text in OPEN_CALLS:
    case(R, "open-call-runs-when-the-text-stopped-" + id, "regression", text, [OSLO], options={"ending": "STOP"})
    for ending in ("UNKNOWN", "LENGTH"):
        case(R, "open-call-is-refused-when-the-text-ending-is-" + ending.lower() + "-" + id, "regression", text, [],
             True, errorKinds=["TRUNCATED"], errorTool="get_weather", options={"ending": ending})
BLOCK_LEFT_OPEN = [
    ("hermes", "Checking.\n<tool_call>\n{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\"}}\n"),
    ("kimi-k2", KB + "<|tool_call_begin|>functions.get_weather:0<|tool_call_argument_begin|>{\"city\": \"Oslo\"}"
     "<|tool_call_end|>"),
    ("qwen3-coder", "<tool_call>\n<function=get_weather>\n<parameter=city>\nOslo\n</parameter>\n</function>\n"),
    ("hunyuan-v3", "<tool_calls><tool_call>get_weather<tool_sep><arg_key>city</arg_key><arg_value>Oslo</arg_value>"
     "</tool_call>"),
    ("plamo3", "<|plamo:begin_tool_requests:plamo|><|plamo:begin_tool_request:plamo|><|plamo:begin_tool_name:plamo|>"
     "get_weather<|plamo:end_tool_name:plamo|><|plamo:begin_tool_arguments:plamo|>{\"city\": \"Oslo\"}"
     "<|plamo:end_tool_arguments:plamo|><|plamo:end_tool_request:plamo|>"),
]
for id, text in BLOCK_LEFT_OPEN:
    for ending in ("STOP", "UNKNOWN"):
        case(R, "whole-call-in-a-block-left-open-runs-when-the-text-ending-is-" + ending.lower() + "-" + id,
             "regression", text, [OSLO], options={"ending": ending})
    case(R, "whole-call-in-a-block-left-open-is-refused-when-the-text-was-cut-" + id, "regression", text, [], True,
         errorKinds=["TRUNCATED"], options={"ending": "LENGTH"})
COMPLETED_BY_THE_END = [
    ("llama3-json", "{\"name\": \"get_weather\", \"parameters\": {\"city\": \"Oslo\"}}"),
    ("mistral", "[TOOL_CALLS][{\"name\": \"get_weather\", \"arguments\": {\"city\": \"Oslo\"}}]"),
    ("pythonic", "[get_weather(city=\"Oslo\")]"),
]
for id, text in COMPLETED_BY_THE_END:
    for ending in ("STOP", "UNKNOWN"):
        case(R, "call-the-end-completed-runs-when-the-text-ending-is-" + ending.lower() + "-" + id, "regression",
             text, [OSLO], options={"ending": ending})
    case(R, "call-the-end-completed-is-refused-when-the-text-was-cut-" + id, "regression", text, [], True,
         errorKinds=["TRUNCATED"], options={"ending": "LENGTH"})
    case(R, "call-followed-by-prose-runs-when-the-text-was-cut-" + id, "regression", text + "\nChecking now.",
         [OSLO], options={"ending": "LENGTH"})


def main():
    for family, fmt in FORMAT_OF.items():
        for x in CASES[family]:
            if x["id"] == family + "/plain":
                x.setdefault("format", fmt)
    with open(os.path.join(HERE, "tools.json"), "w") as f:
        json.dump(TOOLS, f, indent=1, ensure_ascii=False)
        f.write("\n")
    for family, cases in CASES.items():
        with open(os.path.join(HERE, family + ".jsonl"), "w") as f:
            for x in cases:
                f.write(json.dumps(x, ensure_ascii=False) + "\n")
    print(sum(len(v) for v in CASES.values()), "cases in", len(CASES), "files")


if __name__ == "__main__":
    main()
