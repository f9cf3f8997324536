/**
 * pgbench 15's custom-script language: parsing a script file into SQL and meta-commands, the {@code
 * \set} expression language and its evaluation, and pgbench's random number algorithms, bit for
 * bit. Pure logic: nothing here talks to a database; running scripts is the caller's job.
 */
package org.tpccpg.driver.tpcb.script;
