// Code without semicolons: automatic semicolon insertion, restricted
// productions (return, break, continue, throw, postfix operators).
let total = 0
let items = [3, 1, 2]
const sorted = items
  .slice()
  .sort((a, b) => a - b)

function find(list, wanted) {
  for (const item of list) {
    if (item === wanted) return item
  }
  return
}

function* gen() {
  yield
  yield 1
}

let i = 0
while (true) {
  i++
  if (i > 3) break
  if (i % 2) continue
  total += i
}

const value = find(sorted, 2)
  ?? 0
const message = `total ${total}`
let counter = 0
counter++
--counter
const doubled = items.map(x => x * 2)
const obj = {
  a: 1,
  b: 2
}
class Point {
  x = 0
  y = 0
  static origin = new Point()
  move(dx, dy) {
    this.x += dx
    this.y += dy
    return this
  }
}
const p = new Point().move(1, 2)
function check(v) {
  if (v < 0) throw new RangeError("negative")
  return v
}
console.log(total, sorted, value, message, counter, doubled, obj, p, check(1), [...gen()])
