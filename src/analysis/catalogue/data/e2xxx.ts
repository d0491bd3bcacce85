// E2xxx: scopes, mutability, ownership and std signatures.
// Titles and templates are copied verbatim from the reference's
// src/util/diagnostic/codes/i18n/{en,zh}.json (v0.7.12); descriptions,
// examples and help are our own.
import type { CodeEntry } from '../types.ts';

export const E2XXX: readonly CodeEntry[] = [
  {
    code: 'E2001',
    category: 'Semantic',
    severity: 'error',
    registered: true,
    exampleArgs: { name: 'total' },
    en: {
      title: 'Scope Error',
      template: "Variable '{name}' is not in scope",
      description: 'A variable is used outside the scope that defines it. The reference compiler registers this code but never reports it: a name that is out of scope is reported as E1001 (Unknown variable), or as E2020 by the ownership check when the block that declared it has already ended.',
      example: `use std.io

main = {
    if true {
        total = 1
    }
    io.println(total)
}`,
      help: 'Define the variable in the scope where it is used, or before the block in an enclosing scope.',
    },
    zh: {
      title: '作用域错误',
      template: "变量 '{name}' 不在作用域中",
      description: '在定义变量的作用域之外使用了该变量。参考编译器注册了此错误码，但从不报告：超出作用域的名称会报告为 E1001（未知变量），或在声明它的代码块已经结束时由所有权检查报告为 E2020。',
      help: '在使用变量的作用域中定义它，或在外层作用域中、代码块之前定义它。',
    },
  },
  {
    code: 'E2002',
    category: 'Semantic',
    severity: 'error',
    registered: true,
    exampleArgs: { name: 'x' },
    en: {
      title: 'Duplicate Definition',
      template: "Duplicate definition: '{name}' is already defined in the current scope",
      description: 'A name is bound again in a scope that already defines it. The reference reports this for a plain binding inside a nested block (a `while` body, a bare `{ }` block, a branch of an `if` expression) when the name already exists in that very scope; a bare block opens no scope of its own, so the example rebinds `x` in the scope of `main`. A function named like an existing struct type is reported too. Rebinding at the top level or directly in a function body is accepted.',
      example: `main = {
    x = 1
    {
        x = 2
    }
}`,
      help: 'Give the inner binding a different name, or remove the extra braces.',
    },
    zh: {
      title: '重复定义',
      template: "重复定义：'{name}' 已在当前作用域中定义",
      description: '在已经定义了某个名称的作用域中再次绑定该名称。参考编译器会在嵌套代码块（`while` 循环体、单独的 `{ }` 代码块、`if` 表达式的分支）中的普通绑定所用名称已存在于同一作用域时报告此错误；单独的代码块不会开启新的作用域，因此示例是在 `main` 的作用域中重新绑定 `x`。与已有结构体类型同名的函数也会被报告。在顶层或直接在函数体中重新绑定则是允许的。',
      help: '为内层的绑定换一个名称，或去掉多余的花括号。',
    },
  },
  {
    code: 'E2003',
    category: 'Semantic',
    severity: 'error',
    registered: true,
    exampleArgs: { reason: '`m` 持有 `&mut` 写入令牌：SPEC §11.2 规定 &mut T 是 Linear（独占、非 Dup），不能复制。请在需要的地方重新创建 `&mut` 借用' },
    en: {
      title: 'Ownership Error',
      template: 'Ownership constraint violation: {reason}',
      description: 'An ownership rule without a more specific code is broken. In 0.7.12 this happens when a variable holding a mutable reference (`&mut`) is copied into another name: a mutable reference is exclusive and cannot be duplicated. The reason text is in Chinese.',
      example: `Point: Type = { x: Int, y: Int }

main = {
    mut p = Point(1, 2)
    m = &mut p
    m2 = m
}`,
      help: 'Create a fresh `&mut` borrow where it is needed instead of copying an existing one.',
    },
    zh: {
      title: '所有权错误',
      template: '所有权约束违反：{reason}',
      description: '违反了一条没有更具体错误码的所有权规则。在 0.7.12 中，当持有可变引用（`&mut`）的变量被复制给另一个名称时会出现此错误：可变引用是独占的，不能被复制。原因文本是中文。',
      help: '在需要的地方重新创建 `&mut` 借用，而不是复制已有的借用。',
    },
  },
  {
    code: 'E2010',
    category: 'Semantic',
    severity: 'error',
    registered: true,
    exampleArgs: { name: 'i' },
    en: {
      title: 'Immutable Assignment',
      template: "Cannot assign to immutable variable '{name}'",
      description: 'A variable from an enclosing scope that was not declared `mut` is assigned inside a nested block: a `while` body, a bare block, a branch of an `if` expression or a lambda body. Variables are immutable unless declared with `mut`.',
      example: `main = {
    i = 0
    while i < 3 {
        i = i + 1
    }
}`,
      help: 'Declare the variable as mutable where it is introduced: `mut i = 0`.',
    },
    zh: {
      title: '不可变赋值',
      template: "无法给不可变变量 '{name}' 赋值",
      description: '在嵌套代码块（`while` 循环体、单独的代码块、`if` 表达式的分支或 lambda 函数体）中，给外层作用域中未声明为 `mut` 的变量赋值。变量除非用 `mut` 声明，否则都是不可变的。',
      help: '在引入变量的地方把它声明为可变的：`mut i = 0`。',
    },
  },
  {
    code: 'E2011',
    category: 'Semantic',
    severity: 'error',
    registered: true,
    exampleArgs: { name: 'total' },
    en: {
      title: 'Use of Uninitialized Variable',
      template: "Use of uninitialized variable '{name}'",
      description: 'A variable declared without a value (`mut total: Int`) is read before anything has been assigned to it. The reference compiler registers this code but never reports it.',
      example: `use std.io

main = {
    mut total: Int
    io.println(total)
}`,
      help: 'Give the variable an initial value in its declaration, or assign it on every path before reading it.',
    },
    zh: {
      title: '使用未初始化变量',
      template: "使用未初始化的变量 '{name}'",
      description: '声明时没有赋值的变量（`mut total: Int`）在被赋值之前就被读取。参考编译器注册了此错误码，但从不报告。',
      help: '在声明时为变量提供初始值，或确保在每条路径上读取之前都已为它赋值。',
    },
  },
  {
    code: 'E2012',
    category: 'Semantic',
    severity: 'error',
    registered: true,
    exampleArgs: {},
    en: {
      title: 'Mutability Conflict',
      template: 'Mutability conflict: cannot use mutable reference in an immutable context',
      description: 'A mutable reference is used where only a shared, read-only reference is expected. The reference compiler registers this code but never reports it.',
      example: `show: (xs: &List(Int)) -> Void = {}

main = {
    mut items = [1, 2]
    show(&mut items)
}`,
      help: 'Pass a shared reference `&x` where nothing is modified.',
    },
    zh: {
      title: '可变性冲突',
      template: '可变性冲突：无法在不可变上下文中使用可变引用',
      description: '在只需要共享的只读引用的地方使用了可变引用。参考编译器注册了此错误码，但从不报告。',
      help: '在不做修改的地方传入共享引用 `&x`。',
    },
  },
  {
    code: 'E2013',
    category: 'Semantic',
    severity: 'error',
    registered: true,
    exampleArgs: { name: 'i' },
    en: {
      title: 'Variable Shadowing',
      template: "Cannot shadow existing variable '{name}'",
      description: 'The variable of a statement-level `for` loop has the name of a variable that already exists in some enclosing scope. Short names of std functions count as existing variables, so loops such as `for len in xs` or `for max in xs` are reported as well. The reference gives this diagnostic no location, and its Chinese template is the English text.',
      example: `use std.io

main = {
    i = 10
    for i in 1..5 {
        io.println(i)
    }
}`,
      help: 'Choose a loop variable name that is not already in use, e.g. `for k in 1..5`.',
    },
    zh: {
      title: '变量遮蔽',
      template: "Cannot shadow existing variable '{name}'",
      description: '语句形式的 `for` 循环变量与某个外层作用域中已存在的变量同名。标准库函数的短名称也算作已存在的变量，因此 `for len in xs` 或 `for max in xs` 这样的循环同样会被报告。参考编译器不为此诊断提供位置信息，其中文模板仍是英文文本。',
      help: '选择一个尚未使用的循环变量名，例如 `for k in 1..5`。',
    },
  },
  {
    code: 'E2014',
    category: 'Semantic',
    severity: 'error',
    registered: true,
    exampleArgs: { name: 'p' },
    en: {
      title: 'Use of moved value',
      template: "'{name}' has been moved and cannot be used again",
      description: 'A variable is read after its value has been moved away: assigned to another name, passed by value to a function, or returned. Strings, lists, dicts, tuples and structs move; integers, floats, booleans, characters and references are copied. Binding the name again makes it usable again.',
      example: `use std.io

Point: Type = { x: Float, y: Float }

main = {
    p = Point(1.0, 2.0)
    p2 = p
    io.println(p)
}`,
      help: 'Keep using the new owner (`p2`), or pass a reference `&p` where the callee only needs to read the value.',
    },
    zh: {
      title: '使用已移动的值',
      template: "'{name}' 已被移动，无法再次使用",
      description: '变量的值已被移走（赋给了另一个名称、按值传给了函数或被返回）之后又被读取。字符串、列表、字典、元组和结构体会被移动；整数、浮点数、布尔值、字符和引用会被复制。重新绑定该名称后即可再次使用。',
      help: '继续使用新的所有者（`p2`），或在被调用方只需读取时传入引用 `&p`。',
    },
  },
  {
    code: 'E2015',
    category: 'Semantic',
    severity: 'error',
    registered: true,
    exampleArgs: { name: 'p' },
    en: {
      title: 'Borrowing after move',
      template: "Cannot borrow '{name}' after it has been moved",
      description: 'A borrow (`&x` or `&mut x`) is taken of a variable whose value has been moved. The reference compiler registers this code but never reports it: reading a moved variable, also as the operand of a borrow, is reported as E2014.',
      example: `Point: Type = { x: Float, y: Float }

main = {
    p = Point(1.0, 2.0)
    p2 = p
    r = &p
}`,
      help: 'Take the borrow before the move, or borrow from the new owner.',
    },
    zh: {
      title: '移动后借用',
      template: "无法在移动后借用 '{name}'",
      description: '对一个值已被移走的变量进行借用（`&x` 或 `&mut x`）。参考编译器注册了此错误码，但从不报告：读取已移动的变量（包括作为借用的操作数）会报告为 E2014。',
      help: '在移动之前借用，或从新的所有者处借用。',
    },
  },
  {
    code: 'E2016',
    category: 'Semantic',
    severity: 'error',
    registered: true,
    exampleArgs: { name: 'p' },
    en: {
      title: 'Immutable assignment',
      template: "Cannot assign to immutable variable '{name}'",
      description: "A mutable borrow `&mut x` is taken of a variable or parameter that was not declared `mut`. This is the ownership check's report; E2010 is the type checker's report for rebinding an immutable variable in a nested block.",
      example: `Point: Type = { x: Int, y: Int }

main = {
    p = Point(1, 2)
    q = &mut p
}`,
      help: 'Declare the variable as `mut p = …`, or mark the parameter `mut`.',
    },
    zh: {
      title: '不可变赋值',
      template: "无法给不可变变量 '{name}' 赋值",
      description: '对一个未声明为 `mut` 的变量或参数进行可变借用 `&mut x`。这是所有权检查给出的报告；在嵌套代码块中重新绑定不可变变量时，类型检查器给出的是 E2010。',
      help: '把变量声明为 `mut p = …`，或把参数标记为 `mut`。',
    },
  },
  {
    code: 'E2017',
    category: 'Semantic',
    severity: 'error',
    registered: true,
    exampleArgs: { name: 'v' },
    en: {
      title: 'Multiple mutable borrows',
      template: "Cannot mutably borrow '{name}' multiple times",
      description: 'Two mutable borrows of the same variable are alive at the same time. The reference compiler registers this code but never reports it: two `&mut` borrows are reported as E2018.',
      example: `main = {
    mut v = [1, 2]
    a = &mut v
    b = &mut v
}`,
      help: 'Finish with the first mutable borrow before taking the second, or make one of them a shared borrow `&v`.',
    },
    zh: {
      title: '多重可变借用',
      template: "无法同时多次可变借用 '{name}'",
      description: '同一个变量的两个可变借用同时存在。参考编译器注册了此错误码，但从不报告：两个 `&mut` 借用会报告为 E2018。',
      help: '在用完第一个可变借用之后再创建第二个，或把其中一个改为共享借用 `&v`。',
    },
  },
  {
    code: 'E2018',
    category: 'Semantic',
    severity: 'error',
    registered: true,
    exampleArgs: { name: '#0' },
    en: {
      title: 'Mutable/immutable borrow conflict',
      template: "Cannot mutably borrow '{name}' (it is already borrowed immutably)",
      description: "A variable is borrowed mutably (`&mut`) while another borrow of it, shared or mutable, exists in the same straight-line part of a function. The check has no notion of a borrow's last use, so any such pair in straight-line code conflicts, while borrows in different branches of an `if` do not. Passing an argument to a `&T` or `&mut T` parameter borrows it. The message names the borrow by its internal number (`#0`, `#1`, …), not by the variable.",
      example: `Point: Type = { x: Int, y: Int }

alias_both: (a: &mut Point, b: &Point) -> Void = {}

main = {
    p = Point(1, 2)
    alias_both(p, p)
}`,
      help: 'Do not hold `&mut x` together with another borrow of `x`; take the borrows in separate branches or separate functions, or pass a copy.',
    },
    zh: {
      title: '可变/不可变借用冲突',
      template: "无法可变借用 '{name}'（已被不可变借用）",
      description: '在函数中同一段顺序执行的代码里，一个变量被可变借用（`&mut`），同时它的另一个借用（共享的或可变的）也存在。该检查不考虑借用最后一次使用的位置，因此顺序代码中任何这样的一对借用都会冲突，而 `if` 不同分支中的借用则不会。把实参传给 `&T` 或 `&mut T` 形参也会产生借用。消息用借用的内部编号（`#0`、`#1`……）而不是变量名来指代借用。',
      help: '不要让 `&mut x` 与 `x` 的其他借用同时存在；把借用放到不同的分支或不同的函数中，或者传入副本。',
    },
  },
  {
    code: 'E2019',
    category: 'Semantic',
    severity: 'error',
    registered: true,
    exampleArgs: { name: 'buffer' },
    en: {
      title: 'Double Free',
      template: "Value '{name}' is freed twice",
      description: "The same value would be released twice. Values are released automatically when their owner's scope ends, and a moved-from variable releases nothing, so the example frees its list exactly once. The reference compiler registers this code but never reports it.",
      example: `main = {
    buffer = [1, 2, 3]
    kept = buffer
}`,
      help: 'Ordinary code cannot cause this. If it is ever reported, treat it as a compiler bug and report it with the code that produced it.',
    },
    zh: {
      title: '双重释放',
      template: "值 '{name}' 被释放了两次",
      description: '同一个值将被释放两次。值会在其所有者的作用域结束时自动释放，而已被移走的变量不会释放任何东西，因此示例中的列表只会被释放一次。参考编译器注册了此错误码，但从不报告。',
      help: '普通代码不会导致此错误。如果真的出现，请把它视为编译器缺陷，并附上触发它的代码进行报告。',
    },
  },
  {
    code: 'E2020',
    category: 'Semantic',
    severity: 'error',
    registered: true,
    exampleArgs: { name: 't' },
    en: {
      title: 'Use After Free',
      template: "'{name}' is used after being freed",
      description: 'A variable is read after the block that declared it has ended. The type checker keeps variables declared inside a loop body visible after the loop, but the ownership check releases them when their block ends, so such reads are reported here.',
      example: `use std.io

main = {
    mut i = 0
    while i < 3 {
        t = i
        i = i + 1
    }
    io.println(t)
}`,
      help: 'Declare the variable before the block (`mut t = 0`) and assign to it inside the block.',
    },
    zh: {
      title: '释放后使用',
      template: "'{name}' 在释放后被使用",
      description: '声明变量的代码块结束之后，该变量又被读取。类型检查器会让循环体中声明的变量在循环之后仍然可见，但所有权检查会在代码块结束时释放它们，因此这样的读取会在这里报告。',
      help: '在代码块之前声明变量（`mut t = 0`），并在代码块内部为它赋值。',
    },
  },
  {
    code: 'E2021',
    category: 'Semantic',
    severity: 'error',
    registered: true,
    exampleArgs: { name: 'data' },
    en: {
      title: 'Free of Moved Value',
      template: "Cannot free '{name}': the value has been moved",
      description: 'A value would be released although it has already been moved to another owner. Only the new owner releases a moved value, so the reference compiler registers this code but never reports it.',
      example: `main = {
    data = [1, 2, 3]
    kept = data
}`,
      help: 'Nothing needs changing in ordinary code; if this is reported, treat it as a compiler bug.',
    },
    zh: {
      title: '释放已移动的值',
      template: "无法释放 '{name}'：值已被移动",
      description: '某个值已被移交给另一个所有者，却仍将被释放。被移动的值只由新的所有者释放，因此参考编译器注册了此错误码，但从不报告。',
      help: '普通代码无需修改；如果出现此报告，请把它视为编译器缺陷。',
    },
  },
  {
    code: 'E2022',
    category: 'Semantic',
    severity: 'error',
    registered: true,
    exampleArgs: { name: 'items', method: 'push' },
    en: {
      title: 'Immutable Mutation',
      template: "Cannot mutate immutable variable '{name}' via method '{method}'",
      description: 'A method that modifies its receiver (declared with `self: &mut T`) is called on a variable that is not `mut`. The reference compiler registers this code but never reports it: in 0.7.12 method calls create no borrows.',
      example: `main = {
    items = [1, 2]
    items.push(3)
}`,
      help: 'Declare the variable as mutable: `mut items = [1, 2]`.',
    },
    zh: {
      title: '不可变变异',
      template: "无法通过方法 '{method}' 变异不可变变量 '{name}'",
      description: '在未声明为 `mut` 的变量上调用会修改接收者的方法（以 `self: &mut T` 声明）。参考编译器注册了此错误码，但从不报告：在 0.7.12 中方法调用不会产生借用。',
      help: '把变量声明为可变的：`mut items = [1, 2]`。',
    },
  },
  {
    code: 'E2023',
    category: 'Semantic',
    severity: 'error',
    registered: true,
    exampleArgs: { field: 'x', struct_name: 'Point' },
    en: {
      title: 'Assignment to Immutable Field',
      template: "Cannot assign to immutable field '{field}' of '{struct_name}'",
      description: 'A field that is not marked mutable is assigned. In a type definition a field becomes mutable with `mut` after its name (`x mut: Int`). The reference compiler registers this code but never reports it.',
      example: `Point: Type = { x: Int, y: Int }

main = {
    mut p = Point(1, 2)
    p.x = 3
}`,
      help: 'Mark the field as mutable, `Point: Type = { x mut: Int, y: Int }`, or build a new value instead of changing the field.',
    },
    zh: {
      title: '不可变字段赋值',
      template: "无法赋值给 '{struct_name}' 的不可变字段 '{field}'",
      description: '给一个未标记为可变的字段赋值。在类型定义中，在字段名之后写 `mut` 可使字段可变（`x mut: Int`）。参考编译器注册了此错误码，但从不报告。',
      help: '把字段标记为可变：`Point: Type = { x mut: Int, y: Int }`，或者构造一个新值，而不是修改字段。',
    },
  },
  {
    code: 'E2024',
    category: 'Semantic',
    severity: 'error',
    registered: true,
    exampleArgs: { name: 'data' },
    en: {
      title: 'Reference to Non-Owner',
      template: "Cannot create a reference to '{name}': the value is not owned",
      description: 'A reference is taken to a name that no longer owns a value, because the value was moved or released. The reference compiler registers this code but never reports it; the ownership check reports such reads as E2014 or E2020.',
      example: `main = {
    data = [1, 2]
    kept = data
    view = &data
}`,
      help: 'Borrow from the current owner, or take the reference before the value is moved.',
    },
    zh: {
      title: '引用非所有者',
      template: "无法创建对 '{name}' 的引用：值未被拥有",
      description: '对一个已不再拥有值的名称（值已被移走或释放）创建引用。参考编译器注册了此错误码，但从不报告；所有权检查会把这样的读取报告为 E2014 或 E2020。',
      help: '从当前的所有者处借用，或在值被移走之前创建引用。',
    },
  },
  {
    code: 'E2025',
    category: 'Semantic',
    severity: 'error',
    registered: true,
    exampleArgs: { name: 'x' },
    en: {
      title: 'Reassignment of Non-Mutable Variable',
      template: "Cannot reassign '{name}': variable has not been moved yet",
      description: 'An immutable variable is bound to a new value while it still owns its old one; under the ownership rules an immutable name may be rebound only after its value has been moved out. The reference compiler registers this code but never reports it: in 0.7.12 rebinding in the same scope is accepted.',
      example: `main = {
    x = 1
    x = 2
}`,
      help: 'Declare the variable with `mut` if it is meant to change, or use a new name for the new value.',
    },
    zh: {
      title: '重赋值非空变量',
      template: "无法重赋值 '{name}'：变量尚未被移动",
      description: '不可变变量仍拥有旧值时又被绑定到新值；按照所有权规则，不可变名称只有在其值被移走之后才能重新绑定。参考编译器注册了此错误码，但从不报告：在 0.7.12 中同一作用域内的重新绑定是允许的。',
      help: '如果变量需要改变，请用 `mut` 声明它；否则为新值使用新的名称。',
    },
  },
  {
    code: 'E2026',
    category: 'Semantic',
    severity: 'error',
    registered: true,
    exampleArgs: { name: 'buffer' },
    en: {
      title: 'Consumed value not returned',
      template: "Parameter '{name}' was consumed but not returned",
      description: 'A parameter passed by value is consumed inside the function and not handed back, so the caller loses the value. The reference compiler registers this code but never reports it.',
      example: `consume: (buffer: List(Int)) -> List(Int) = {
    kept = buffer
}`,
      help: 'Return the value to the caller, or take the parameter by reference (`&T` or `&mut T`) when the function only reads or modifies it.',
    },
    zh: {
      title: '消费未返回',
      template: "参数 '{name}' 被消费但未返回",
      description: '按值传入的参数在函数内部被消耗，却没有交还给调用者，导致调用者失去该值。参考编译器注册了此错误码，但从不报告。',
      help: '把值返回给调用者；如果函数只需读取或修改参数，请按引用（`&T` 或 `&mut T`）接收它。',
    },
  },
  {
    code: 'E2027',
    category: 'Semantic',
    severity: 'error',
    registered: true,
    exampleArgs: {},
    en: {
      title: 'Unsafe dereference',
      template: 'Cannot dereference raw pointer outside of unsafe block',
      description: 'A raw pointer is dereferenced with `*` outside an `unsafe { }` block. The ownership check reports every unary `*` outside `unsafe`; the type checker often reports E1052 for the same expression first.',
      example: `read: (p: *Int) -> Int = {
    return *p
}`,
      help: 'Mark the dereference as unsafe: `value = unsafe *p`, or put the code in an `unsafe { … }` block.',
    },
    zh: {
      title: 'unsafe 解引用',
      template: '无法在 unsafe 块外解引用裸指针',
      description: '在 `unsafe { }` 代码块之外用 `*` 解引用裸指针。所有权检查会报告 `unsafe` 之外的每一个一元 `*`；类型检查器往往会先对同一表达式报告 E1052。',
      help: '把解引用标记为不安全操作：`value = unsafe *p`，或把代码放进 `unsafe { … }` 代码块中。',
    },
  },
  {
    code: 'E2028',
    category: 'Semantic',
    severity: 'error',
    registered: true,
    exampleArgs: { name: 'p' },
    en: {
      title: 'Clone moved value',
      template: "Cannot clone '{name}': value has been moved",
      description: 'A copy is requested of a variable whose value has already been moved. The reference compiler registers this code but never reports it.',
      example: `Point: Type = { x: Float, y: Float }

main = {
    p = Point(1.0, 2.0)
    p2 = p
    p3 = p.clone()
}`,
      help: 'Make the copy before moving the value, or copy from the new owner.',
    },
    zh: {
      title: '克隆已移动的值',
      template: "无法克隆 '{name}'：值已被移动",
      description: '对一个值已被移走的变量请求复制。参考编译器注册了此错误码，但从不报告。',
      help: '在移动值之前进行复制，或从新的所有者处复制。',
    },
  },
  {
    code: 'E2029',
    category: 'Semantic',
    severity: 'error',
    registered: false,
    exampleArgs: { cycle: 'a -> b -> a' },
    en: {
      title: 'spawn ref cycle',
      template: 'cross-task circular reference: {cycle}',
      description: "`ref` values (shared, reference-counted handles) created inside a `spawn` block refer to each other in a cycle, so none of them could ever be released. The code exists only in the reference's message files, not in its registry: the helper that builds it looks the code up and fails, so if the ownership check ever found such a cycle the compiler would crash instead of reporting it. For the same reason the reference's `yaoxiang explain E2029` answers `Unknown error code`.",
      example: `Node: Type = { next mut: Any }

main = {
    spawn {
        mut a = Node(0)
        b = ref a
        a.next = ref b
    }
}`,
      help: 'Break the cycle: let one side hold a weak reference (`std.weak`), or restructure the data so that the handles do not point at each other.',
    },
    zh: {
      title: 'spawn ref 循环',
      template: '跨任务循环引用: {cycle}',
      description: '在 `spawn` 代码块中创建的 `ref` 值（共享的引用计数句柄）相互引用形成了环，因此其中任何一个都无法被释放。此错误码只存在于参考实现的消息文件中，并不在其注册表里：构造它的辅助函数查找该错误码时会失败，因此一旦所有权检查真的发现这样的环，编译器会崩溃而不是报告错误。出于同样的原因，参考实现的 `yaoxiang explain E2029` 会回答 `Unknown error code`。',
      help: '打破引用环：让其中一方持有弱引用（`std.weak`），或调整数据结构，使这些句柄不再互相指向。',
    },
  },
  {
    code: 'E2090',
    category: 'Semantic',
    severity: 'error',
    registered: true,
    exampleArgs: { reason: 'unbalanced parentheses' },
    en: {
      title: 'invalid signature',
      template: 'invalid signature: {reason}',
      description: "The compiler could not parse the signature of one of its own built-in (native) std functions. These signatures are strings inside the compiler, so the problem lies in the compiler's std library, never in user code; the reference prints the message to standard error while loading the std library and carries on.",
      example: `// This code concerns the signature strings of the compiler's built-in
// (native) std functions, such as "(x: Int -> Int"; no user code triggers it.`,
      help: 'Nothing in your program causes this. Report it together with the compiler version.',
    },
    zh: {
      title: '无效签名',
      template: '无效签名：{reason}',
      description: '编译器无法解析它自己的某个内置（原生）标准库函数的签名。这些签名是编译器内部的字符串，因此问题出在编译器的标准库中，而不是用户代码；参考编译器在加载标准库时把消息打印到标准错误并继续运行。',
      example: `// 此错误码涉及编译器内置（原生）标准库函数的签名字符串，
// 例如 "(x: Int -> Int"；任何用户代码都不会触发它。`,
      help: '这不是你的程序引起的。请附上编译器版本进行报告。',
    },
  },
  {
    code: 'E2091',
    category: 'Semantic',
    severity: 'error',
    registered: true,
    exampleArgs: { type_name: 'Fn' },
    en: {
      title: 'unknown type in signature',
      template: "invalid signature: unknown type '{type_name}'",
      description: "A built-in std function's signature string mentions a type name the signature parser does not know. The reference compiler registers this code but never reports it.",
      example: `// A native std signature string naming a type the signature parser
// does not know: "(list: List, fn: Fn) -> List".`,
      help: "Nothing in your program causes this; it concerns the compiler's own std signatures.",
    },
    zh: {
      title: '签名未知类型',
      template: "无效签名：未知类型 '{type_name}'",
      description: '某个内置标准库函数的签名字符串中出现了签名解析器不认识的类型名。参考编译器注册了此错误码，但从不报告。',
      example: `// 原生标准库签名字符串中出现了签名解析器不认识的类型：
// "(list: List, fn: Fn) -> List"。`,
      help: '这不是你的程序引起的；它涉及编译器自己的标准库签名。',
    },
  },
  {
    code: 'E2092',
    category: 'Semantic',
    severity: 'error',
    registered: true,
    exampleArgs: {},
    en: {
      title: 'missing arrow in signature',
      template: "invalid signature: missing '->'",
      description: "A built-in std function's signature string has no `->` between its parameter list and its return type. These strings live inside the compiler; the reference prints the message to standard error while loading the std library.",
      example: '// A native std signature string without its arrow: "(x: Int) Int".',
      help: 'Nothing in your program causes this; report it together with the compiler version.',
    },
    zh: {
      title: '签名缺少箭头',
      template: "无效签名：缺少 '->'",
      description: '某个内置标准库函数的签名字符串在参数列表和返回类型之间缺少 `->`。这些字符串位于编译器内部；参考编译器在加载标准库时把消息打印到标准错误。',
      example: '// 缺少箭头的原生标准库签名字符串："(x: Int) Int"。',
      help: '这不是你的程序引起的；请附上编译器版本进行报告。',
    },
  },
  {
    code: 'E2093',
    category: 'Semantic',
    severity: 'error',
    registered: true,
    exampleArgs: { name: 'x' },
    en: {
      title: 'Duplicate Parameter Name',
      template: "Invalid signature: duplicate parameter name '{name}'",
      description: "A built-in std function's signature string uses the same parameter name twice. These strings live inside the compiler; the reference prints the message to standard error while loading the std library.",
      example: `// A native std signature string naming one parameter twice:
// "(x: Int, x: Int) -> Int".`,
      help: 'Nothing in your program causes this; report it together with the compiler version.',
    },
    zh: {
      title: '重复参数名',
      template: "无效签名：重复参数名 '{name}'",
      description: '某个内置标准库函数的签名字符串两次使用了同一个参数名。这些字符串位于编译器内部；参考编译器在加载标准库时把消息打印到标准错误。',
      example: `// 同一参数名出现两次的原生标准库签名字符串：
// "(x: Int, x: Int) -> Int"。`,
      help: '这不是你的程序引起的；请附上编译器版本进行报告。',
    },
  },
  {
    code: 'E2094',
    category: 'Semantic',
    severity: 'error',
    registered: true,
    exampleArgs: { name: 'T' },
    en: {
      title: 'Generic Parameter Shadowing',
      template: "Invalid signature: generic parameter '{name}' shadows outer generic parameter",
      description: "In a built-in std function's signature string, an inner function type declares a generic parameter with the same name as one of the outer signature. The reference compiler registers this code but never reports it.",
      example: `// A native std signature string whose inner function type reuses the
// outer generic parameter: "[T](list: List[T], f: [T](item: T) -> T) -> List[T]".`,
      help: "Nothing in your program causes this; it concerns the compiler's own std signatures.",
    },
    zh: {
      title: '泛型参数遮蔽',
      template: "无效签名：泛型参数 '{name}' 遮蔽了外层泛型参数",
      description: '在某个内置标准库函数的签名字符串中，内层函数类型声明的泛型参数与外层签名的泛型参数同名。参考编译器注册了此错误码，但从不报告。',
      example: `// 内层函数类型重复使用外层泛型参数的原生标准库签名字符串：
// "[T](list: List[T], f: [T](item: T) -> T) -> List[T]"。`,
      help: '这不是你的程序引起的；它涉及编译器自己的标准库签名。',
    },
  },
  {
    code: 'E2095',
    category: 'Semantic',
    severity: 'error',
    registered: true,
    exampleArgs: { name: 'T' },
    en: {
      title: 'Parameter Name Shadows Generic',
      template: "Invalid signature: parameter name '{name}' shadows generic parameter",
      description: "In a built-in std function's signature string, a parameter has the same name as a generic parameter. These strings live inside the compiler; the reference prints the message to standard error while loading the std library.",
      example: `// A native std signature string with a parameter named like its
// generic parameter: "[T](T: Int) -> T".`,
      help: 'Nothing in your program causes this; report it together with the compiler version.',
    },
    zh: {
      title: '参数名遮蔽泛型',
      template: "无效签名：参数名 '{name}' 遮蔽了泛型参数",
      description: '在某个内置标准库函数的签名字符串中，某个参数与泛型参数同名。这些字符串位于编译器内部；参考编译器在加载标准库时把消息打印到标准错误。',
      example: '// 参数与泛型参数同名的原生标准库签名字符串："[T](T: Int) -> T"。',
      help: '这不是你的程序引起的；请附上编译器版本进行报告。',
    },
  },
];
