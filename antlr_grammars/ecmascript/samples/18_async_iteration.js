// Async generators and for await...of.
async function* ticker(limit) {
  for (let i = 0; i < limit; i++) {
    await new Promise((r) => setTimeout(r, 1));
    yield i;
  }
}

async function* mapAsync(source, fn) {
  for await (const item of source) {
    yield await fn(item);
  }
}

const asyncIterable = {
  async *[Symbol.asyncIterator]() {
    yield "a";
    yield "b";
  },
};

class Stream {
  constructor(items) {
    this.items = items;
  }
  async *[Symbol.asyncIterator]() {
    for (const item of this.items) yield item;
  }
  static async *from(iterable) {
    yield* iterable;
  }
}

async function collect(iterable) {
  const out = [];
  for await (const value of iterable) out.push(value);
  return out;
}

(async () => {
  const doubled = await collect(mapAsync(ticker(3), async (x) => x * 2));
  const letters = await collect(asyncIterable);
  const streamed = await collect(new Stream([1, 2]));
  const fromArray = await collect(Stream.from([3, 4]));
  for await (const p of [Promise.resolve(1), 2]) console.log(p);
  console.log(doubled, letters, streamed, fromArray);
})();
