// async functions, await, Promise combinators and error handling.
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function fetchUser(id) {
  await sleep(1);
  if (id < 0) {
    throw new RangeError(`bad id ${id}`);
  }
  return { id, name: `user${id}`, tags: ["a", "b"] };
}

const loadAll = async (ids) => {
  const users = await Promise.all(ids.map((id) => fetchUser(id)));
  return users.filter(Boolean);
};

const settle = async ids => {
  const results = await Promise.allSettled(ids.map(fetchUser));
  return results.map(r => r.status === "fulfilled" ? r.value.name : r.reason.message);
};

class Repository {
  #cache = new Map();

  async get(id) {
    if (!this.#cache.has(id)) {
      this.#cache.set(id, await fetchUser(id));
    }
    return this.#cache.get(id);
  }

  static async create() {
    const repo = new Repository();
    await repo.get(0);
    return repo;
  }
}

async function main() {
  try {
    const users = await loadAll([1, 2, 3]);
    console.log(users.length, (await settle([1, -1])).join(", "));
    const repo = await Repository.create();
    const first = await repo.get(1);
    console.log(first?.name ?? "none");
    await fetchUser(-5);
  } catch (err) {
    console.log("caught", err.message);
  } finally {
    console.log("done");
  }
}

main().then(() => console.log("after main"));
