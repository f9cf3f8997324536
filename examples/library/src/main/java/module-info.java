/**
 * The example is a module of its own, so the compiler holds it to what tpcc-core exports: the same
 * boundary any modular tool that uses tpcc-core sees.
 */
module org.tpccpg.examples {
  requires org.tpccpg.core;
}
