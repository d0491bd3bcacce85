// Generated, realistic source text for benchmarks: varied constructs with
// distinct names, so that nothing is a trivially repeated token.

/** A YaoXiang program of at least `bytes` bytes (UTF-8, ASCII here). */
export function generateYaoXiang(bytes: number): string {
  const parts: string[] = ['use std.{io, list, math}\n\n'];
  let size = parts[0]!.length;
  for (let i = 0; size < bytes; i++) {
    const chunk = yaoxiangUnit(i);
    parts.push(chunk);
    size += chunk.length;
  }
  return parts.join('');
}

/** A YaoXiang program of exactly `lines` lines. */
export function generateYaoXiangLines(lines: number): string {
  const out: string[] = [];
  for (let i = 0; out.length < lines; i++) out.push(...yaoxiangUnit(i).split('\n').filter((l) => l !== ''));
  return out.slice(0, lines).join('\n') + '\n';
}

function yaoxiangUnit(i: number): string {
  return `// unit ${i}: a record, a method, a function and a main-like block
Point${i}: Type = { x: Float, y: Float, label: String }

Point${i}.shift: (self: &mut Point${i}, dx: Float, dy: Float) -> Void = {
    self.x = self.x + dx
    self.y = self.y + dy
}

distance${i}: (a: &Point${i}, b: &Point${i}) -> Float = {
    dx = a.x - b.x
    dy = a.y - b.y
    return math.sqrt(dx * dx + dy * dy)
}

classify${i} = (n: Int) => match n % 4 {
    0 => "zero",
    1 => "one",
    _ => f"many {n:>4}",
}

run${i} = {
    mut total = 0
    values = [1, 2, 3, ${i}]
    for v in values {
        if v > 2 and total < 100 {
            total = total + v * 2
        } else {
            total = total - 1
        }
    }
    squares = [v * v for v in values]
    p = Point${i}(x=1.0, y=2.0, label="p${i}")
    io.println(f"total {total}: {classify${i}(total)}")
}

`;
}

/** Python with about the same mix of constructs, of at least `bytes` bytes. */
export function generatePython(bytes: number): string {
  const parts: string[] = ['import math\n\n'];
  let size = parts[0]!.length;
  for (let i = 0; size < bytes; i++) {
    const chunk = `# unit ${i}: a class, a method, a function and a main-like block
class Point${i}:
    def __init__(self, x: float, y: float, label: str) -> None:
        self.x = x
        self.y = y
        self.label = label

    def shift(self, dx: float, dy: float) -> None:
        self.x = self.x + dx
        self.y = self.y + dy


def distance${i}(a: Point${i}, b: Point${i}) -> float:
    dx = a.x - b.x
    dy = a.y - b.y
    return math.sqrt(dx * dx + dy * dy)


def classify${i}(n: int) -> str:
    match n % 4:
        case 0:
            return "zero"
        case 1:
            return "one"
        case _:
            return f"many {n:>4}"


def run${i}() -> None:
    total = 0
    values = [1, 2, 3, ${i}]
    for v in values:
        if v > 2 and total < 100:
            total = total + v * 2
        else:
            total = total - 1
    squares = [v * v for v in values]
    p = Point${i}(x=1.0, y=2.0, label="p${i}")
    print(f"total {total}: {classify${i}(total)}")


`;
    parts.push(chunk);
    size += chunk.length;
  }
  return parts.join('');
}

/**
 * A file both this checker and the reference compiler's `check` accept without
 * errors: whole units of about 33 lines each, until `lines` is reached, names
 * made distinct with `tag`. No local `use`: the reference's `check` does not
 * resolve modules across files, so side-by-side projects must not need it.
 */
export function generateCheckable(lines: number, tag = ''): string {
  const out = ['use std.{io}', ''];
  for (let i = 0; out.length < lines; i++) out.push(...checkableUnit(`${tag}${i}`));
  return out.join('\n') + '\n';
}

function checkableUnit(n: string): string[] {
  return `Point${n}: Type = { x: Float, y: Float, label: String }

distance${n}: (a: Point${n}, b: Point${n}) -> Float = (a, b) => {
    dx = a.x - b.x
    dy = a.y - b.y
    return dx * dx + dy * dy
}

classify${n}: (n: Int) -> String = (n) => {
    if n > 2 {
        return "big"
    } else {
        return "small"
    }
}

run${n}: () -> Void = () => {
    mut total = 0
    values = [1, 2, 3, 4]
    for v in values {
        if v > 2 and total < 100 {
            total = total + v * 2
        } else {
            total = total - 1
        }
    }
    p = Point${n}(1.0, 2.0, "p")
    q = Point${n}(3.0, 4.0, "q")
    d = distance${n}(p, q)
    io.println(classify${n}(total))
}
`.split('\n');
}
