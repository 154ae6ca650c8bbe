// Parses each job's GBNF with llama.cpp's own grammar parser (node-llama-cpp's prebuilt llama.cpp, no model) and asks
// llama.cpp's grammar engine whether each text is accepted as a whole.
// Usage: node llama-check.mjs <node-llama-cpp dir> <jobs.json> <results.json>
// A job: {"id", "grammar": text, "texts": [...]}; a result: {"id", "compiled", "error", "accepted": [...]}.
import fs from 'fs';
import path from 'path';
import {pathToFileURL} from 'url';
const {getLlama} = await import(pathToFileURL(path.join(process.argv[2], 'dist', 'index.js')).href);
const jobs = JSON.parse(fs.readFileSync(process.argv[3], 'utf8'));
const llama = await getLlama({gpu: false, build: 'never', logLevel: 'error', progressLogs: false});
const results = [];
for (const job of jobs) {
  const r = {id: job.id, compiled: false, error: '', accepted: []};
  let grammar;
  try {
    grammar = await llama.createGrammar({grammar: job.grammar});
    r.compiled = true;
  } catch (e) {
    r.error = String(e && e.message ? e.message : e);
  }
  if (r.compiled) {
    // LlamaGrammar._testText: llama.cpp's grammar engine fed the text (node-llama-cpp's isTextCompatible).
    for (const t of job.texts) {
      r.accepted.push(grammar._testText(t));
    }
  }
  results.push(r);
}
fs.writeFileSync(process.argv[4], JSON.stringify(results));
await llama.dispose();
