package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.MarkerTable;

/**
 * One model family's tool-call markup: it registers the markers that open its markup, each with the recognizer
 * that reads what follows. Every family is one file in this package, named by
 * its line in {@link FamilyTable} under the format its markers introduce ({@code WireFormat.PANGU, Pangu::new}).
 */
@FunctionalInterface
public interface Family {

    public void register(Config cfg, MarkerTable markers);
}
