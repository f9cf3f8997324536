package org.tpccpg.driver.htmlreport;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Properties;

/**
 * The scripts and styles the report inlines, read from the class path at report time: uPlot's
 * minified IIFE build and its CSS from the {@code org.webjars.npm:uplot} jar (whatever version the
 * build bundles, found through the jar's Maven properties) with its MIT licence, which the page
 * carries as a comment, and the page's own script and style.
 */
record ReportAssets(
    String uplotVersion,
    String uplotLicense,
    String uplotJs,
    String uplotCss,
    String pageJs,
    String pageCss) {
  private static final String UPLOT_POM = "META-INF/maven/org.webjars.npm/uplot/pom.properties";

  static ReportAssets load() throws IOException {
    Properties pom = new Properties();
    try (InputStream in = open(UPLOT_POM)) {
      pom.load(in);
    }
    String version = pom.getProperty("version");
    String dist = "META-INF/resources/webjars/uplot/" + version + "/dist/";
    return new ReportAssets(
        version,
        read("META-INF/resources/webjars/uplot/" + version + "/LICENSE"),
        read(dist + "uPlot.iife.min.js"),
        read(dist + "uPlot.min.css"),
        read("org/tpccpg/driver/htmlreport/report.js"),
        read("org/tpccpg/driver/htmlreport/report.css"));
  }

  private static String read(String resource) throws IOException {
    try (InputStream in = open(resource)) {
      return new String(in.readAllBytes(), StandardCharsets.UTF_8);
    }
  }

  private static InputStream open(String resource) throws IOException {
    InputStream in = ReportAssets.class.getClassLoader().getResourceAsStream(resource);
    if (in == null) {
      throw new IOException(resource + " is not on the class path: the build is incomplete");
    }
    return in;
  }
}
