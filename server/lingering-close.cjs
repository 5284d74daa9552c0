// The lingering close of nginx, for a refusal sent while the client is still sending its body. Closing a connection
// with bytes of the client's still unread makes the kernel reset it, and a client still sending (a browser, curl)
// then sees the reset, not the answer already on its way. So the door answers, closes its side, and reads and drops
// what follows until the body ends (then the connection closes cleanly), or it has read so much, or so long has
// passed (then it is cut off). A body held to a few bytes a second (slowloris) ties up the connection for that long.
'use strict';

/** @typedef {{ bytes: number, ms: number }} Linger how much of a refused body is read, and for how long, before the cut */

/** @type {Linger} */
const LINGER = { bytes: 16 * 1024 * 1024, ms: 10_000 };

/**
 * After a refusal sent with `Connection: close`: the rest of the body read and dropped within `linger`, so that the
 * connection closes without a reset.
 *
 * @param {import('node:http').IncomingMessage} request
 * @param {Linger} linger
 */
function closeWhenDrained(request, linger) {
  const socket = request.socket;
  // Body read to its end already (or none): Node's own close, after the answer, is clean.
  if (request.complete || !socket || socket.destroyed) return request.resume();
  // Node closes the connection of an answer with `Connection: close` by socket.destroySoon() once the answer is
  // written: its side is ended (FIN, after the answer), then the socket destroyed. On this socket alone, it ends
  // its side only, and the socket is destroyed once the body has been read: its bytes no longer wait unread.
  const destroySoon = socket.destroySoon;
  let answered = false;
  let drained = false;
  const close = () => {
    clearTimeout(deadline);
    socket.destroySoon = destroySoon;
    socket.destroySoon();
  };
  socket.destroySoon = function endThenLinger() {
    answered = true;
    if (drained) close();
    else socket.end();
  };
  const cutOff = () => {
    clearTimeout(deadline);
    socket.destroy();
  };
  const deadline = setTimeout(cutOff, linger.ms);
  // The connection itself keeps the process running while it lingers; the timer need not.
  deadline.unref();
  let read = 0;
  request.on('data', (/** @type {Buffer} */ chunk) => {
    read += chunk.length;
    if (read > linger.bytes) cutOff();
  });
  request.once('end', () => {
    drained = true;
    if (answered) close();
  });
  // The client gave up, or the connection broke: nothing left to wait for.
  socket.once('close', () => clearTimeout(deadline));
  request.resume();
}

module.exports = { LINGER, closeWhenDrained };
