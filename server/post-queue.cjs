// The posts the front door hands on to Next, a few at a time. Each post Next works on holds its render, its answer
// and its store's work in memory at once: 900 inquiries arriving together on 300 connections took the server from
// 263 to 456 MB resident (BENCHMARKS.md). The rest wait their turn, read and checked already, in the order they came;
// the store takes one write at a time all the same, so the queue costs them no time that the server had to spare.
'use strict';

/** How many posts Next works on at once. */
const POSTS_AT_ONCE = 8;

/**
 * @typedef {{ once(event: 'close', listener: () => void): unknown, destroyed: boolean }} Answer
 *   the post's response: its 'close' comes once it has been answered, or once its client has gone
 * @typedef {(answer: Answer, handOn: () => void, gone: () => void) => void} Enqueue
 *   `handOn` runs when the post's turn comes; `gone`, in its place, as soon as its client leaves while it waits
 */

/**
 * @param {number} [atOnce]
 * @returns {Enqueue}
 */
function createPostQueue(atOnce = POSTS_AT_ONCE) {
  let working = 0;
  /** @type {Set<() => void>} the turns of the posts waiting, in the order they came */
  const waiting = new Set();
  const nextTurn = () => {
    working -= 1;
    const [first] = waiting;
    if (!first) return;
    waiting.delete(first);
    first();
  };
  return (answer, handOn, gone) => {
    if (answer.destroyed) return gone();
    const turn = () => {
      working += 1;
      handOn();
    };
    answer.once('close', () => {
      if (waiting.delete(turn)) gone();
      else nextTurn();
    });
    if (working < atOnce) turn();
    else waiting.add(turn);
  };
}

module.exports = { createPostQueue, POSTS_AT_ONCE };
