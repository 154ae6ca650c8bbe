// Samples texts with llama.cpp's own grammar sampler (node-llama-cpp's prebuilt llama.cpp) from a tiny random-weight
// model that this script writes as a GGUF file first: llama architecture, 2 layers, 64-wide, a byte-level vocabulary
// (<unk>, <s>, </s> and the 256 byte tokens <0x00>..<0xFF>), about 600 KB. No download.
// Usage: node llama-sample.mjs <node-llama-cpp dir> <jobs.json> <results.json> <model.gguf>
// A job: {"id", "grammar": GBNF text, "samples": n, "maxTokens": n, "seed": n, "tilt": [words]};
// a result: {"id", "compiled", "error", "samples": [{"text", "finished"}]} where finished means the model stopped on its
// own (end of generation, allowed by the grammar only where the grammar may end), not at maxTokens.
//
// The weights are random but tilted, so that samples finish in a few hundred tokens: the logits favour the bytes
// that close JSON values and markup (quotes, brackets, '<', '>', newlines) and the end token, and after a proper
// prefix of one of the job's "tilt" words (the format's markup, such as "</parameter>") the next byte of that word.
// What may be written is the grammar's decision alone: the tilt only makes the structure it allows likelier.
// Bytes above 0x7F are all but ruled out: with a byte-level vocabulary llama.cpp's grammar lets a byte that breaks a
// UTF-8 sequence pass unchecked, and xgrammar 0.1.27 rejects a character above U+007F in a bounded repetition, two
// engine quirks that would hide what this sampling checks (non-ASCII values are checked by ConstraintEnginesTest).
import fs from 'fs';
import path from 'path';
import {pathToFileURL} from 'url';

const [dir, jobsFile, resultsFile, modelFile] = process.argv.slice(2);
const {getLlama, LlamaCompletion, TokenBias} = await import(pathToFileURL(path.join(dir, 'dist', 'index.js')).href);

const EMBD = 64, LAYERS = 2, FF = 128, HEADS = 4, BYTE0 = 3, VOCAB = 3 + 256;
const FAVOURED = '"}])>,\n<:';

// ------------------------------------------------------------------ a seeded generator (mulberry32)
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6D2B79F5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function gaussian(rnd) {
  const u = Math.max(rnd(), 1e-12), v = rnd();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

// ------------------------------------------------------------------ GGUF writer (version 3, all tensors F32)
class Out {
  constructor() { this.parts = []; }
  u32(v) { const b = Buffer.alloc(4); b.writeUInt32LE(v); this.parts.push(b); }
  i32(v) { const b = Buffer.alloc(4); b.writeInt32LE(v); this.parts.push(b); }
  u64(v) { const b = Buffer.alloc(8); b.writeBigUInt64LE(BigInt(v)); this.parts.push(b); }
  f32(v) { const b = Buffer.alloc(4); b.writeFloatLE(v); this.parts.push(b); }
  str(s) { const b = Buffer.from(s, 'utf8'); this.u64(b.length); this.parts.push(b); }
  raw(b) { this.parts.push(b); }
  size() { return this.parts.reduce((n, b) => n + b.length, 0); }
  buffer() { return Buffer.concat(this.parts); }
}

const T_U32 = 4, T_I32 = 5, T_F32 = 6, T_BOOL = 7, T_STR = 8, T_ARR = 9;

function writeModel(file) {
  const rnd = random(20251128);
  const kv = [];
  const put = (key, type, value, elemType) => kv.push({key, type, value, elemType});
  put('general.architecture', T_STR, 'llama');
  put('general.name', T_STR, 'calltype-random-bytes');
  put('general.file_type', T_U32, 0);
  put('llama.context_length', T_U32, 4096);
  put('llama.embedding_length', T_U32, EMBD);
  put('llama.block_count', T_U32, LAYERS);
  put('llama.feed_forward_length', T_U32, FF);
  put('llama.rope.dimension_count', T_U32, EMBD / HEADS);
  put('llama.attention.head_count', T_U32, HEADS);
  put('llama.attention.head_count_kv', T_U32, HEADS);
  put('llama.attention.layer_norm_rms_epsilon', T_F32, 1e-5);
  const tokens = ['<unk>', '<s>', '</s>'];
  const types = [2, 3, 3];
  for (let b = 0; b < 256; b++) {
    tokens.push('<0x' + b.toString(16).toUpperCase().padStart(2, '0') + '>');
    types.push(6);
  }
  put('tokenizer.ggml.model', T_STR, 'llama');
  put('tokenizer.ggml.tokens', T_ARR, tokens, T_STR);
  put('tokenizer.ggml.scores', T_ARR, tokens.map(() => 0), T_F32);
  put('tokenizer.ggml.token_type', T_ARR, types, T_I32);
  put('tokenizer.ggml.bos_token_id', T_U32, 1);
  put('tokenizer.ggml.eos_token_id', T_U32, 2);
  put('tokenizer.ggml.unknown_token_id', T_U32, 0);
  put('tokenizer.ggml.add_bos_token', T_BOOL, true);
  put('tokenizer.ggml.add_space_prefix', T_BOOL, false);

  // the tilt: dimension 0 of every embedding is a constant that the small random layers leave in place, so after the
  // last norm it is a near-constant input, and column 0 of the output matrix is a per-token logit bias
  const bias = new Float32Array(VOCAB);
  for (let t = 0; t < VOCAB; t++) {
    const b = t - BYTE0;
    if (t === 2) bias[t] = 3;
    else if (t < BYTE0) bias[t] = -20;
    else if (FAVOURED.includes(String.fromCharCode(b))) bias[t] = 3;
    else if (b >= 0x80) bias[t] = -40;
    else if (b < 0x20) bias[t] = -2;
  }
  const tensors = [];
  const tensor = (name, dims, fill) => {
    const n = dims.reduce((a, b) => a * b, 1);
    const data = new Float32Array(n);
    for (let i = 0; i < n; i++) data[i] = fill(i);
    tensors.push({name, dims, data});
  };
  tensor('token_embd.weight', [EMBD, VOCAB], i => (i % EMBD === 0 ? 1 : 0.02 * gaussian(rnd)));
  tensor('output_norm.weight', [EMBD], () => 1);
  // normalised dimension 0 is about sqrt(EMBD) = 8: a weight of bias / 8 there adds bias to the logit
  tensor('output.weight', [EMBD, VOCAB], i => (i % EMBD === 0 ? bias[Math.floor(i / EMBD)] / 8 : 0.6 * gaussian(rnd)));
  for (let l = 0; l < LAYERS; l++) {
    const w = () => 0.02 * gaussian(rnd);
    tensor(`blk.${l}.attn_norm.weight`, [EMBD], () => 1);
    tensor(`blk.${l}.attn_q.weight`, [EMBD, EMBD], w);
    tensor(`blk.${l}.attn_k.weight`, [EMBD, EMBD], w);
    tensor(`blk.${l}.attn_v.weight`, [EMBD, EMBD], w);
    tensor(`blk.${l}.attn_output.weight`, [EMBD, EMBD], w);
    tensor(`blk.${l}.ffn_norm.weight`, [EMBD], () => 1);
    tensor(`blk.${l}.ffn_gate.weight`, [EMBD, FF], w);
    tensor(`blk.${l}.ffn_up.weight`, [EMBD, FF], w);
    tensor(`blk.${l}.ffn_down.weight`, [FF, EMBD], w);
  }

  const out = new Out();
  out.raw(Buffer.from('GGUF', 'latin1'));
  out.u32(3);
  out.u64(tensors.length);
  out.u64(kv.length);
  const value = (type, v) => {
    if (type === T_U32) out.u32(v);
    else if (type === T_I32) out.i32(v);
    else if (type === T_F32) out.f32(v);
    else if (type === T_BOOL) out.raw(Buffer.from([v ? 1 : 0]));
    else if (type === T_STR) out.str(v);
  };
  for (const e of kv) {
    out.str(e.key);
    out.u32(e.type);
    if (e.type === T_ARR) {
      out.u32(e.elemType);
      out.u64(e.value.length);
      e.value.forEach(v => value(e.elemType, v));
    } else {
      value(e.type, e.value);
    }
  }
  let offset = 0;
  for (const t of tensors) {
    out.str(t.name);
    out.u32(t.dims.length);
    t.dims.forEach(d => out.u64(d));
    out.u32(0);
    out.u64(offset);
    offset += t.data.length * 4;
    offset = Math.ceil(offset / 32) * 32;
  }
  const pad = n => out.raw(Buffer.alloc((32 - (n % 32)) % 32));
  pad(out.size());
  for (const t of tensors) {
    const b = Buffer.from(t.data.buffer, t.data.byteOffset, t.data.byteLength);
    out.raw(b);
    pad(b.length);
  }
  fs.writeFileSync(file, out.buffer());
}

// ------------------------------------------------------------------ sampling
writeModel(modelFile);
const jobs = JSON.parse(fs.readFileSync(jobsFile, 'utf8'));
const llama = await getLlama({gpu: false, build: 'never', logLevel: 'error', progressLogs: false});
const model = await llama.loadModel({modelPath: modelFile});
const context = await model.createContext({contextSize: 4096, sequences: 1, threads: 1, batchSize: 128});
const sequence = context.getSequence();
const completion = new LlamaCompletion({contextSequence: sequence, autoDisposeSequence: false});
const byteToken = b => BYTE0 + b;

// the bias after the bytes written so far: the next byte of every tilt word that they end with a proper prefix of;
// inside a UTF-8 sequence, its continuation bytes (llama.cpp's grammar lets a byte that breaks a sequence pass
// unchecked, which a model with a real vocabulary hardly writes but a random one would)
function tiltAfter(bytes, words) {
  const bias = TokenBias.for(model);
  const tail = Buffer.from(bytes.slice(-64));
  let k = 0;
  while (k < tail.length && (tail[tail.length - 1 - k] & 0xC0) === 0x80) k++;
  const lead = tail.length - 1 - k >= 0 ? tail[tail.length - 1 - k] : 0;
  const need = lead >= 0xF0 ? 3 : lead >= 0xE0 ? 2 : lead >= 0xC0 ? 1 : 0;
  if (need > k) {
    for (let b = 0x80; b < 0xC0; b++) bias.set(byteToken(b), {logit: 12});
    return bias;
  }
  for (const w of words) {
    const wb = Buffer.from(w, 'utf8');
    for (let n = Math.min(wb.length - 1, tail.length); n >= 1; n--) {
      if (tail.subarray(tail.length - n).equals(wb.subarray(0, n))) {
        bias.set(byteToken(wb[n]), {logit: 5});
        break;
      }
    }
  }
  return bias;
}

const results = [];
for (const job of jobs) {
  const r = {id: job.id, compiled: false, error: '', samples: []};
  let grammar;
  try {
    grammar = await llama.createGrammar({grammar: job.grammar});
    r.compiled = true;
  } catch (e) {
    r.error = String(e && e.message ? e.message : e);
  }
  for (let i = 0; r.compiled && i < job.samples; i++) {
    await sequence.clearHistory();
    const bytes = [];
    const res = await completion.generateCompletionWithMeta('Call a tool.\n', {
      grammar, maxTokens: job.maxTokens, temperature: 1, topK: 0, topP: 1, minP: 0, seed: job.seed + i,
      onToken: tokens => tokens.forEach(t => { if (t >= BYTE0) bytes.push(t - BYTE0); }),
      tokenBias: () => tiltAfter(bytes, job.tilt || [])
    });
    r.samples.push({text: res.response, finished: res.metadata.stopReason === 'eogToken'});
  }
  results.push(r);
}
fs.writeFileSync(resultsFile, JSON.stringify(results));
await context.dispose();
await model.dispose();
await llama.dispose();
