// A doubly linked list with an explicit iterator object, and a binary
// search tree with in-order traversal.
var log = typeof print === "function" ? print : console.log;

function Node(value) {
  this.value = value;
  this.prev = null;
  this.next = null;
}

function LinkedList(items) {
  this.head = null;
  this.tail = null;
  this.size = 0;
  if (items) {
    for (var i = 0; i < items.length; i++) {
      this.push(items[i]);
    }
  }
}

LinkedList.prototype.push = function (value) {
  var node = new Node(value);
  if (!this.tail) {
    this.head = this.tail = node;
  } else {
    node.prev = this.tail;
    this.tail.next = node;
    this.tail = node;
  }
  this.size++;
  return this;
};

LinkedList.prototype.shift = function () {
  if (!this.head) {
    return undefined;
  }
  var value = this.head.value;
  this.head = this.head.next;
  if (this.head) {
    this.head.prev = null;
  } else {
    this.tail = null;
  }
  this.size--;
  return value;
};

LinkedList.prototype.reverse = function () {
  var node = this.head, swap;
  swap = this.head; this.head = this.tail; this.tail = swap;
  while (node) {
    swap = node.prev; node.prev = node.next; node.next = swap;
    node = node.prev;
  }
  return this;
};

LinkedList.prototype.iterator = function () {
  var node = this.head;
  return {
    hasNext: function () { return node !== null; },
    next: function () {
      var value = node.value;
      node = node.next;
      return value;
    }
  };
};

LinkedList.prototype.toString = function () {
  var parts = [], it = this.iterator();
  while (it.hasNext()) parts.push(it.next());
  return parts.join(" <-> ");
};

var list = new LinkedList(["a", "b", "c"]);
list.push("d");
log(String(list), list.size);
log(list.shift(), String(list.reverse()));

function BST() {
  this.root = null;
}
BST.prototype.insert = function (value) {
  var node = { value: value, left: null, right: null };
  if (this.root === null) {
    this.root = node;
    return this;
  }
  var cur = this.root;
  for (;;) {
    if (value < cur.value) {
      if (cur.left === null) {
        cur.left = node;
        break;
      }
      cur = cur.left;
    } else {
      if (cur.right === null) {
        cur.right = node;
        break;
      }
      cur = cur.right;
    }
  }
  return this;
};
BST.prototype.inOrder = function (visit) {
  (function walk(n) {
    if (!n) return;
    walk(n.left);
    visit(n.value);
    walk(n.right);
  })(this.root);
};
BST.prototype.height = function () {
  function h(n) { return n ? 1 + Math.max(h(n.left), h(n.right)) : 0 }
  return h(this.root);
};

var tree = new BST();
[50, 30, 70, 20, 40, 60, 80, 35].forEach(function (v) { tree.insert(v); });
var sorted = [];
tree.inOrder(function (v) { sorted.push(v); });
log(sorted.join(","), "height " + tree.height());
