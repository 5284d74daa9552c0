// The posts the front door hands on to Next, some at a time. Each post Next works on holds its render, its answer and
// its store's work in memory at once: 1,800 inquiries arriving together on 900 connections took the server from 172
// to 453 MB resident, and not one was answered before its client gave up; with 32 at a time, 405 MB at the peak and
// every one stored and answered (BENCHMARKS.md). The rest wait their turn, read and checked already, in the order
// they came; the store takes one write at a time all the same, so the queue costs them no time that the server had
// to spare. Not fewer: with eight at a time, a flood of 600 a minute kept a buyer's post waiting behind it past
// five seconds on a slow test host (e2e/availability.spec.ts), where with 32 a flood that size never fills them.
'use strict';

/** How many posts Next works on at once. */
const POSTS_AT_ONCE = 32;

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
