// Closures: counters, a module built by an immediately invoked function,
// and partial application.
var log = typeof print === "function" ? print : console.log;

function makeCounter(start, step) {
  var value = start || 0;
  step = step === undefined ? 1 : step;
  return {
    next: function () {
      value += step;
      return value;
    },
    reset: function () {
      value = start || 0;
    },
    peek: function () { return value }
  };
}

var a = makeCounter();
var b = makeCounter(100, -10);
a.next();
a.next();
b.next();
log("a = " + a.peek() + ", b = " + b.peek());
a.reset();
log("a after reset = " + a.peek());

var bank = (function () {
  var accounts = {};
  var nextId = 1;

  function open(owner, initial) {
    var id = "acc" + nextId++;
    accounts[id] = { owner: owner, balance: initial || 0, history: [] };
    return id;
  }

  function record(id, kind, amount) {
    accounts[id].history.push({ kind: kind, amount: amount });
  }

  function deposit(id, amount) {
    if (!(id in accounts)) {
      throw new Error("no such account: " + id);
    }
    accounts[id].balance += amount;
    record(id, "deposit", amount);
    return accounts[id].balance;
  }

  function withdraw(id, amount) {
    var acc = accounts[id];
    if (acc.balance < amount) {
      return false;
    }
    acc.balance -= amount;
    record(id, "withdraw", amount);
    return true;
  }

  return {
    open: open,
    deposit: deposit,
    withdraw: withdraw,
    balance: function (id) { return accounts[id].balance; },
    history: function (id) { return accounts[id].history.slice(); }
  };
})();

var id = bank.open("ada", 50);
bank.deposit(id, 25);
log(bank.withdraw(id, 500) ? "withdrew" : "insufficient funds");
bank.withdraw(id, 30);
log("balance: " + bank.balance(id) + " after " + bank.history(id).length + " operations");

function partial(fn) {
  var fixed = Array.prototype.slice.call(arguments, 1);
  return function () {
    var rest = Array.prototype.slice.call(arguments);
    return fn.apply(this, fixed.concat(rest));
  };
}

function volume(w, h, d) { return w * h * d; }
var areaTimesTen = partial(volume, 10);
log(areaTimesTen(2, 3));

var fns = [];
for (var i = 0; i < 3; i++) {
  fns.push((function (j) {
    return function () { return j * j; };
  })(i));
}
log(fns.map(function (f) { return f(); }).join(","));
