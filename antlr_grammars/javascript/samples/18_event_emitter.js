// A small event emitter: listeners in arrays, once(), off(), error
// events, and an observable store built on top.
var log = typeof print === "function" ? print : console.log;

function EventEmitter() {
  this._events = {};
}

EventEmitter.prototype.on = function (name, fn) {
  (this._events[name] || (this._events[name] = [])).push(fn);
  return this;
};

EventEmitter.prototype.off = function (name, fn) {
  var list = this._events[name];
  if (!list) {
    return this;
  }
  for (var i = list.length - 1; i >= 0; i--) {
    if (list[i] === fn || list[i].original === fn) {
      list.splice(i, 1);
    }
  }
  if (list.length === 0) {
    delete this._events[name];
  }
  return this;
};

EventEmitter.prototype.once = function (name, fn) {
  var self = this;
  function wrapper() {
    self.off(name, wrapper);
    return fn.apply(this, arguments);
  }
  wrapper.original = fn;
  return this.on(name, wrapper);
};

EventEmitter.prototype.emit = function (name) {
  var list = this._events[name];
  var args = Array.prototype.slice.call(arguments, 1);
  if (!list) {
    if (name === "error") {
      throw args[0] instanceof Error ? args[0] : new Error("unhandled error event");
    }
    return false;
  }
  list = list.slice();
  for (var i = 0; i < list.length; i++) {
    list[i].apply(this, args);
  }
  return true;
};

EventEmitter.prototype.listenerCount = function (name) {
  return this._events[name] ? this._events[name].length : 0;
};

var bus = new EventEmitter();
var seen = [];
function record(x) { seen.push("on:" + x); }
bus.on("data", record);
bus.once("data", function (x) { seen.push("once:" + x); });
bus.emit("data", 1);
bus.emit("data", 2);
bus.off("data", record);
bus.emit("data", 3);
log(seen.join(" "), bus.listenerCount("data"));

try {
  bus.emit("error", new Error("disk full"));
} catch (e) {
  log("error event: " + e.message);
}

function Store(reducer, state) {
  EventEmitter.call(this);
  this.state = state;
  this.reducer = reducer;
}
Store.prototype = Object.create(EventEmitter.prototype);
Store.prototype.constructor = Store;
Store.prototype.dispatch = function (action) {
  var prev = this.state;
  this.state = this.reducer(prev, action);
  if (prev !== this.state) {
    this.emit("change", this.state, prev);
  }
};

var store = new Store(function (state, action) {
  switch (action.type) {
    case "add":
      return { items: state.items.concat([action.item]), total: state.total + action.price };
    case "clear":
      return { items: [], total: 0 };
    default:
      return state;
  }
}, { items: [], total: 0 });

store.on("change", function (next, prev) {
  log("items " + prev.items.length + " -> " + next.items.length + ", total " + next.total);
});
store.dispatch({ type: "add", item: "tea", price: 3 });
store.dispatch({ type: "add", item: "cake", price: 4.5 });
store.dispatch({ type: "noop" });
store.dispatch({ type: "clear" });
