// Drives zulip-js against a running Stoa: register a queue, print it, long-poll until a
// non-heartbeat event arrives (the Java test causes it), print it, list users, delete the queue.
// Usage: node zulip-js-check.js <zuliprc>
const zulipInit = require('zulip-js');

function check(r, what) {
  if (!r || r.result !== 'success') throw new Error(what + ' failed: ' + JSON.stringify(r));
  return r;
}

(async () => {
  const client = await zulipInit({ zuliprc: process.argv[2] });
  const reg = check(await client.queues.register({ event_types: ['realm_user'] }), 'register');
  console.log('REGISTERED ' + JSON.stringify({ queue_id: reg.queue_id, last_event_id: reg.last_event_id }));
  let last = reg.last_event_id;
  let found = null;
  const deadline = Date.now() + 30000;
  while (!found) {
    if (Date.now() > deadline) throw new Error('no event other than heartbeats within 30 s');
    const r = check(await client.events.retrieve({ queue_id: reg.queue_id, last_event_id: last }), 'events');
    for (const e of r.events) {
      last = Math.max(last, e.id);
      if (e.type !== 'heartbeat') found = e;
    }
  }
  console.log('EVENT ' + JSON.stringify(found));
  const users = check(await client.users.retrieve(), 'users');
  console.log('USERS ' + JSON.stringify(users.members.map((u) => u.email)));
  check(await client.queues.deregister({ queue_id: reg.queue_id }), 'deregister');
  const gone = await client.events.retrieve({ queue_id: reg.queue_id, last_event_id: last });
  console.log('AFTER_DELETE ' + JSON.stringify(gone));
})().catch((e) => {
  console.log('FAILED ' + (e && e.stack ? e.stack : e));
  process.exit(1);
});
