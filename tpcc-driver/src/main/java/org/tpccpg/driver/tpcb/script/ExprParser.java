package org.tpccpg.driver.tpcb.script;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.tpccpg.driver.tpcb.script.ExprToken.Kind;

/**
 * Parses expression tokens with the grammar and precedences of pgbench's exprparse.y (lowest first:
 * OR, AND, NOT, IS, comparisons, bit operators and {@code ~}, {@code + -}, {@code * / %}, unary
 * {@code + -}), building the same call trees pgbench evaluates: {@code a > b} is {@code b < a},
 * {@code -x} is {@code 0 - x}, {@code ~x} is {@code -1 # x}. Errors are reported at the token where
 * bison's parser stops, so pgbench's caret lands on the same column.
 */
final class ExprParser {
  private static final int COMPARISON = 5;
  private static final int POSTFIX = 4;

  private final List<ExprToken> tokens;
  private int next;

  private ExprParser(List<ExprToken> tokens) {
    this.tokens = tokens;
  }

  /** The expression that fills the whole line, or the first error. */
  static Expr parse(List<ExprToken> tokens) throws ExprError {
    ExprParser parser = new ExprParser(tokens);
    Expr expr = parser.expression(0);
    if (parser.peek().kind() != Kind.EOL) {
      throw parser.syntaxError(parser.peek());
    }
    return expr;
  }

  private Expr expression(int minLevel) throws ExprError {
    Expr left = unary();
    int lastLevel = -1;
    while (true) {
      ExprToken op = peek();
      int level = level(op.kind());
      if (level < 0 || level < minLevel) {
        return left;
      }
      if (level == COMPARISON && lastLevel == COMPARISON) {
        throw syntaxError(op); // comparisons are %nonassoc
      }
      next++;
      if (level == POSTFIX) {
        left = postfix(op, left);
      } else {
        left = binary(op.kind(), left, expression(level + 1));
      }
      lastLevel = level;
    }
  }

  private Expr unary() throws ExprError {
    ExprToken token = take();
    return switch (token.kind()) {
      case PLUS -> expression(10);
      case MINUS -> {
        if (peek().kind() == Kind.MAXINT_PLUS_ONE) {
          next++;
          yield new Expr.Constant(Value.of(Long.MIN_VALUE));
        }
        yield call(Function.SUB, constant(0), expression(10));
      }
      case TILDE -> call(Function.BITXOR, constant(~0L), expression(7));
      case NOT -> call(Function.NOT, expression(POSTFIX));
      case LPAREN -> {
        Expr inner = expression(0);
        expect(Kind.RPAREN);
        yield inner;
      }
      case NULL -> new Expr.Constant(Value.NULL);
      case BOOLEAN, INTEGER, DOUBLE -> new Expr.Constant(token.value());
      case VARIABLE -> new Expr.Variable(token.text());
      case FUNCTION -> function(token);
      case CASE -> caseExpression();
      default -> throw syntaxError(token);
    };
  }

  private Expr postfix(ExprToken op, Expr operand) throws ExprError {
    if (op.kind() == Kind.ISNULL) {
      return call(Function.IS, operand, new Expr.Constant(Value.NULL));
    }
    if (op.kind() == Kind.NOTNULL) {
      return call(Function.NOT, call(Function.IS, operand, new Expr.Constant(Value.NULL)));
    }
    boolean negated = false;
    ExprToken what = take();
    if (what.kind() == Kind.NOT) {
      negated = true;
      what = take();
    }
    Expr test;
    if (what.kind() == Kind.NULL) {
      test = call(Function.IS, operand, new Expr.Constant(Value.NULL));
    } else if (what.kind() == Kind.BOOLEAN) {
      test = call(Function.IS, operand, new Expr.Constant(what.value()));
    } else {
      throw syntaxError(what);
    }
    return negated ? call(Function.NOT, test) : test;
  }

  private Expr function(ExprToken name) throws ExprError {
    Function function =
        Function.named(name.text())
            .orElseThrow(
                () -> new ExprError("unexpected function name", name.text(), name.end() - 1));
    expect(Kind.LPAREN);
    List<Expr> arguments = new ArrayList<>();
    if (peek().kind() != Kind.RPAREN) {
      arguments.add(expression(0));
      while (peek().kind() == Kind.COMMA) {
        next++;
        arguments.add(expression(0));
      }
    }
    ExprToken close = expect(Kind.RPAREN);
    return new Expr.Call(function, checkArity(function, name, arguments, close));
  }

  /** pgbench's make_func(): argument counts, and the default seed of hash and permute. */
  private static List<Expr> checkArity(
      Function function, ExprToken name, List<Expr> arguments, ExprToken close) throws ExprError {
    String fname = name.text().toLowerCase(Locale.ROOT);
    int count = arguments.size();
    int arity = function.arity();
    boolean bad;
    if (arity == Function.AT_LEAST_ONE) {
      if (count == 0) {
        throw new ExprError("at least one argument expected", fname, close.end() - 1);
      }
      bad = false;
    } else if (arity == Function.HASH_ARGS) {
      bad = count < 1 || count > 2;
      if (count == 1) {
        arguments.add(new Expr.Variable("default_seed"));
      }
    } else if (arity == Function.PERMUTE_ARGS) {
      bad = count < 2 || count > 3;
      if (count == 2) {
        arguments.add(new Expr.Variable("default_seed"));
      }
    } else {
      bad = count != arity;
    }
    if (bad) {
      throw new ExprError("unexpected number of arguments", fname, close.end() - 1);
    }
    return arguments;
  }

  /** CASE (WHEN c THEN r)+ [ELSE e] END: the arguments c1, r1, c2, r2, ..., e (NULL if absent). */
  private Expr caseExpression() throws ExprError {
    List<Expr> arguments = new ArrayList<>();
    expect(Kind.WHEN);
    do {
      arguments.add(expression(0));
      expect(Kind.THEN);
      arguments.add(expression(0));
    } while (accept(Kind.WHEN));
    if (accept(Kind.ELSE)) {
      arguments.add(expression(0));
    } else {
      arguments.add(new Expr.Constant(Value.NULL));
    }
    expect(Kind.END);
    return new Expr.Call(Function.CASE, arguments);
  }

  private static Expr binary(Kind op, Expr left, Expr right) {
    return switch (op) {
      case PLUS -> call(Function.ADD, left, right);
      case MINUS -> call(Function.SUB, left, right);
      case STAR -> call(Function.MUL, left, right);
      case SLASH -> call(Function.DIV, left, right);
      case PERCENT -> call(Function.MOD, left, right);
      case LT -> call(Function.LT, left, right);
      case LE -> call(Function.LE, left, right);
      case GT -> call(Function.LT, right, left);
      case GE -> call(Function.LE, right, left);
      case EQ -> call(Function.EQ, left, right);
      case NE -> call(Function.NE, left, right);
      case BITAND -> call(Function.BITAND, left, right);
      case BITOR -> call(Function.BITOR, left, right);
      case HASH -> call(Function.BITXOR, left, right);
      case LSHIFT -> call(Function.LSHIFT, left, right);
      case RSHIFT -> call(Function.RSHIFT, left, right);
      case AND -> call(Function.AND, left, right);
      case OR -> call(Function.OR, left, right);
      default -> throw new IllegalStateException("not a binary operator: " + op);
    };
  }

  /** Precedence of a binary or postfix operator, -1 for other tokens. */
  private static int level(Kind kind) {
    return switch (kind) {
      case OR -> 1;
      case AND -> 2;
      case IS, ISNULL, NOTNULL -> POSTFIX;
      case LT, GT, EQ, LE, GE, NE -> COMPARISON;
      case BITOR, HASH, BITAND, LSHIFT, RSHIFT -> 6;
      case PLUS, MINUS -> 7;
      case STAR, SLASH, PERCENT -> 8;
      default -> -1;
    };
  }

  private static Expr call(Function function, Expr... arguments) {
    return new Expr.Call(function, List.of(arguments));
  }

  private static Expr constant(long value) {
    return new Expr.Constant(Value.of(value));
  }

  private ExprToken peek() {
    return tokens.get(next);
  }

  private ExprToken take() {
    ExprToken token = tokens.get(next);
    if (token.kind() != Kind.EOL) {
      next++;
    }
    return token;
  }

  private boolean accept(Kind kind) {
    if (peek().kind() == kind) {
      next++;
      return true;
    }
    return false;
  }

  private ExprToken expect(Kind kind) throws ExprError {
    ExprToken token = take();
    if (token.kind() != kind) {
      throw syntaxError(token);
    }
    return token;
  }

  private ExprError syntaxError(ExprToken token) {
    return new ExprError("syntax error", null, token.end() - 1);
  }
}
