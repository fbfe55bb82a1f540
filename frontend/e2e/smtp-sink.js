// A small SMTP server on 127.0.0.1 for the email browser tests (Node's net module): EHLO/HELO, AUTH PLAIN/LOGIN,
// MAIL FROM, RCPT TO, DATA with dot-unstuffing, RSET, NOOP, QUIT. It keeps each mail: envelope and raw message.
import net from 'node:net';

/** A mail as received: {from, to, data}, and its decoded `body` (quoted-printable or base64) and headers by `header(name)`. */
function received(from, to, data) {
  const [head, ...rest] = data.split('\r\n\r\n');
  const unfolded = head.replace(/\r\n[ \t]/g, ' ');
  let body = rest.join('\r\n\r\n');
  if (/^content-transfer-encoding:\s*quoted-printable/im.test(unfolded)) {
    body = body.replace(/=\r\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
  } else if (/^content-transfer-encoding:\s*base64/im.test(unfolded)) {
    // Bengali mails (text that is not mostly ASCII) come as base64.
    body = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  const header = (name) => {
    const line = unfolded.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
    return line?.slice(name.length + 1).trim();
  };
  return { from, to, data, body: body.replace(/\r\n/g, '\n'), header };
}

/** Starts the server on `port` (0: a free one); answers {port, mails, waitFor(count), close()}. */
export function startSmtpSink(port = 0) {
  const mails = [];
  const waiters = [];
  const sockets = new Set();
  const server = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    let buffer = '';
    let from = null;
    let to = [];
    let data = null;
    const say = (text) => socket.write(`${text}\r\n`);
    say('220 sink ESMTP ready');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      let end;
      while ((end = buffer.indexOf('\r\n')) >= 0) {
        const line = buffer.slice(0, end);
        buffer = buffer.slice(end + 2);
        if (data !== null) {
          if (line === '.') {
            mails.push(received(from, to, data));
            from = null;
            to = [];
            data = null;
            say('250 OK queued');
            for (const waiter of waiters.splice(0)) waiter();
          } else {
            data += `${line.startsWith('.') ? line.slice(1) : line}\r\n`;
          }
          continue;
        }
        const verb = line.split(' ')[0].toUpperCase();
        const address = () => /<([^>]*)>/.exec(line)?.[1] ?? '';
        if (verb === 'EHLO') say('250-sink\r\n250-AUTH PLAIN LOGIN\r\n250 8BITMIME');
        else if (verb === 'HELO') say('250 sink');
        else if (verb === 'AUTH') say('235 OK');
        else if (verb === 'MAIL') {
          from = address();
          to = [];
          say('250 OK');
        } else if (verb === 'RCPT') {
          to.push(address());
          say('250 OK');
        } else if (verb === 'DATA') {
          data = '';
          say('354 go ahead');
        } else if (verb === 'RSET') {
          from = null;
          to = [];
          say('250 OK');
        } else if (verb === 'NOOP') say('250 OK');
        else if (verb === 'QUIT') {
          say('221 bye');
          socket.end();
        } else say('502 not implemented');
      }
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => {
      resolve({
        port: server.address().port,
        mails,
        /** Waits until `count` mails have arrived (or fails after `timeout` ms). */
        waitFor(count, timeout = 15_000) {
          return new Promise((done, fail) => {
            const timer = setTimeout(() => fail(new Error(`${mails.length} of ${count} mails arrived`)), timeout);
            const check = () => {
              if (mails.length >= count) {
                clearTimeout(timer);
                done(mails.slice(0, count));
              } else waiters.push(check);
            };
            check();
          });
        },
        /** Stops listening and drops every connection, so the port is free again. */
        close() {
          for (const socket of sockets) socket.destroy();
          return new Promise((done) => server.close(() => done()));
        },
      });
    });
  });
}
