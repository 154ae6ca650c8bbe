// Compiles each job's constraint with xgrammar (the engine vLLM and SGLang use) and asks whether each text is
// accepted. Usage: node xgrammar-check.cjs <xgrammar index.cjs> <jobs.json> <results.json>
// A job: {"id", "kind": "structural_tag" | "ebnf" | "json_schema", "constraint": object or text, "texts": [...]}.
// A result: {"id", "compiled": bool, "error": text, "accepted": [bool per text]}.
const fs = require('fs');
const xg = require(process.argv[2]);
const jobs = JSON.parse(fs.readFileSync(process.argv[3], 'utf8'));
(async () => {
  const results = [];
  for (const job of jobs) {
    const r = {id: job.id, compiled: false, error: '', accepted: []};
    let grammar;
    try {
      if (job.kind === 'structural_tag') {
        grammar = await xg.Grammar.fromStructuralTag(job.constraint);
      } else if (job.kind === 'ebnf') {
        grammar = await xg.Grammar.fromEBNF(job.constraint, 'root');
      } else {
        grammar = await xg.Grammar.fromJSONSchema(JSON.stringify(job.constraint), true);
      }
      r.compiled = true;
    } catch (e) {
      r.error = String(e && e.message ? e.message : e);
    }
    if (r.compiled) {
      for (const t of job.texts) {
        r.accepted.push(await xg.Testings.isGrammarAcceptString(grammar, t));
      }
      grammar.dispose();
    }
    results.push(r);
  }
  fs.writeFileSync(process.argv[4], JSON.stringify(results));
})().catch(e => { console.error(String(e && e.stack ? e.stack : e)); process.exit(1); });
