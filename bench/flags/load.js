// node load.js port path seconds concurrency [email key]: closed loop with keep-alive; prints count
const http = require('http');
const [port, path, seconds, conc, email, key] = process.argv.slice(2);
const agent = new http.Agent({ keepAlive: true, maxSockets: +conc });
const headers = email ? { Authorization: 'Basic ' + Buffer.from(email + ':' + key).toString('base64') } : {};
const end = Date.now() + seconds * 1000;
let n = 0, errors = 0;
function one(done) {
  if (Date.now() > end) return done();
  const req = http.get({ host: '127.0.0.1', port: +port, path, agent, headers }, res => {
    res.resume(); res.on('end', () => { if (res.statusCode === 200) n++; else errors++; one(done); });
  });
  req.on('error', () => { errors++; one(done); });
}
let left = +conc;
for (let i = 0; i < +conc; i++) one(() => { if (--left === 0) { console.log(JSON.stringify({ n, errors })); process.exit(0); } });
