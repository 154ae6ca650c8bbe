// Starts openai-mock-api's server on 127.0.0.1 and a port the OS picks, and prints "PORT <n>" when it listens.
// Arguments: the package folder, the YAML configuration, the log file.
const { MockServer, Logger, ConfigLoader } = require(process.argv[2]);
(async () => {
  const logger = new Logger(process.argv[4], false);
  const config = await new ConfigLoader(logger).load(process.argv[3]);
  const server = new MockServer(config, logger);
  const http = server.app.listen(0, '127.0.0.1', () => console.log('PORT ' + http.address().port));
  process.stdin.on('end', () => process.exit(0)); // the test closes stdin to stop it
  process.stdin.resume();
})().catch(e => { console.error('cannot start the mock server: ' + e); process.exit(1); });
