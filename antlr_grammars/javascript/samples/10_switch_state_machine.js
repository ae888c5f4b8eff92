// switch: a vending machine state machine with fall-through, default in
// the middle, and switch on strings and expressions.
var log = typeof print === "function" ? print : console.log;

var STATES = { IDLE: 0, HAS_COIN: 1, VENDING: 2, BROKEN: 3 };

function Machine(stock) {
  this.state = STATES.IDLE;
  this.stock = stock;
  this.credit = 0;
  this.log = [];
}

Machine.prototype.handle = function (event, amount) {
  var prev = this.state;
  switch (this.state) {
    case STATES.IDLE:
      if (event === "coin") {
        this.credit += amount;
        this.state = STATES.HAS_COIN;
      } else if (event === "kick") {
        this.state = STATES.BROKEN;
      }
      break;
    case STATES.HAS_COIN:
      switch (event) {
        case "coin":
          this.credit += amount;
          break;
        case "refund":
          this.log.push("refund " + this.credit);
          this.credit = 0;
          this.state = STATES.IDLE;
          break;
        case "select":
          if (this.credit < 2) {
            this.log.push("need more credit");
            break;
          }
          this.state = STATES.VENDING;
        // falls through
        case "vend":
          this.stock--;
          this.credit -= 2;
          this.log.push("vended, stock " + this.stock);
          this.state = this.stock > 0 ? (this.credit > 0 ? STATES.HAS_COIN : STATES.IDLE) : STATES.BROKEN;
          break;
        default:
          this.log.push("ignored " + event);
      }
      break;
    case STATES.BROKEN:
      this.log.push("machine is broken");
      break;
    default:
      throw new Error("unknown state " + this.state);
  }
  return prev !== this.state;
};

var m = new Machine(2);
var events = [["coin", 1], ["select"], ["coin", 2], ["select"], ["dance"], ["coin", 2], ["select"], ["coin", 1]];
for (var i = 0; i < events.length; i++) {
  m.handle(events[i][0], events[i][1]);
}
log(m.log.join("; "));

function daysIn(month, year) {
  switch (month) {
    case 2:
      return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
    case 4:
    case 6:
    case 9:
    case 11:
      return 30;
    default:
      return 31;
  }
}
log([1, 2, 4, 12].map(function (mo) { return daysIn(mo, 2024); }).join(" "));

function classify(n) {
  var kind;
  switch (true) {
    case n < 0:
      kind = "negative";
      break;
    case n === 0:
      kind = "zero";
      break;
    default:
      kind = "other";
    case n > 1000:
      kind = kind || "huge";
  }
  return kind;
}
log(classify(-5), classify(0), classify(5), classify(5000));

function grade(score) {
  switch (Math.floor(score / 10)) {
    case 10: case 9: return "A";
    case 8: return "B";
    case 7: return "C";
    default: return "F";
  }
}
log(grade(100), grade(85), grade(71), grade(12));
