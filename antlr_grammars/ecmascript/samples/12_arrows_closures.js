// Arrow functions: concise and block bodies, closures, currying, this.
const add = (a, b) => a + b
const inc = x => x + 1
const noop = () => {}
const makeObject = (k, v) => ({ [k]: v })
const curry = (f) => (a) => (b) => f(a, b)
const compose = (...fns) => (x) => fns.reduceRight((acc, fn) => fn(acc), x)
const asyncDouble = async x => x * 2
const asyncSum = async (...xs) => xs.reduce(add, 0)

function counterFactory(start = 0) {
  let count = start
  return {
    next: () => ++count,
    reset: () => { count = start; },
    get current() { return count; },
  }
}

class Timer {
  constructor() {
    this.ticks = 0
    this.handlers = []
  }
  onTick(handler) {
    this.handlers.push(handler)
    return () => {
      this.handlers = this.handlers.filter((h) => h !== handler)
    }
  }
  tick() {
    this.ticks++
    this.handlers.forEach((h) => h(this.ticks))
  }
}

const counter = counterFactory(10)
counter.next()
counter.next()
const timer = new Timer()
const off = timer.onTick((n) => console.log("tick", n))
timer.tick()
off()
timer.tick()
const pipeline = compose(inc, (x) => x * 3, curry(add)(1))
console.log(add(1, 2), inc(1), noop(), makeObject("k", 1), pipeline(2), counter.current)
asyncDouble(21).then(console.log)
asyncSum(1, 2, 3).then((s) => console.log(s))
