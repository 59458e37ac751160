package io.strata.common.conf;

import java.io.IOException;
import java.io.InputStream;
import java.util.LinkedHashMap;
import java.util.Map;
import javax.xml.XMLConstants;
import javax.xml.parsers.DocumentBuilder;
import javax.xml.parsers.DocumentBuilderFactory;
import javax.xml.parsers.ParserConfigurationException;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;
import org.xml.sax.SAXException;
import org.xml.sax.SAXParseException;

/**
 * Reads a site file in the format HBase and Hadoop users know:
 *
 * <pre>{@code
 * <configuration>
 *   <property><name>strata.rootdir</name><value>file:///var/strata</value></property>
 * </configuration>
 * }</pre>
 *
 * DTDs and external entities are refused, so a site file cannot make the process read other files.
 */
final class SiteFile {
  private SiteFile() {}

  /** Returns name to value in file order; later duplicates win, as in Hadoop. */
  static Map<String, String> read(InputStream in, String source) throws IOException {
    Document doc;
    try {
      DocumentBuilderFactory f = DocumentBuilderFactory.newInstance();
      f.setFeature(XMLConstants.FEATURE_SECURE_PROCESSING, true);
      f.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
      f.setExpandEntityReferences(false);
      DocumentBuilder b = f.newDocumentBuilder();
      b.setErrorHandler(null);
      doc = b.parse(in);
    } catch (SAXParseException e) {
      throw new IllegalArgumentException(source + " line " + e.getLineNumber() + ": "
          + e.getMessage() + "; fix the XML");
    } catch (SAXException | ParserConfigurationException e) {
      throw new IllegalArgumentException(source + ": " + e.getMessage() + "; fix the XML");
    }
    Element root = doc.getDocumentElement();
    if (!root.getTagName().equals("configuration")) {
      throw new IllegalArgumentException(source + ": the root element is <" + root.getTagName()
          + ">; a site file holds <property> elements inside <configuration>");
    }
    Map<String, String> values = new LinkedHashMap<>();
    NodeList props = root.getChildNodes();
    int index = 0;
    for (int i = 0; i < props.getLength(); i++) {
      Node n = props.item(i);
      if (!(n instanceof Element prop)) {
        continue;
      }
      index++;
      if (!prop.getTagName().equals("property")) {
        throw new IllegalArgumentException(source + ": element #" + index + " is <"
            + prop.getTagName() + ">; only <property> may appear inside <configuration>");
      }
      String name = childText(prop, "name");
      String value = childText(prop, "value");
      if (name == null || name.isBlank()) {
        throw new IllegalArgumentException(source + ": <property> #" + index
            + " has no <name>; give each property a <name> and a <value>");
      }
      if (value == null) {
        throw new IllegalArgumentException(source + ": property '" + name.trim()
            + "' has no <value>; give each property a <name> and a <value>");
      }
      values.put(name.trim(), value.trim());
    }
    return values;
  }

  private static String childText(Element parent, String tag) {
    NodeList children = parent.getElementsByTagName(tag);
    return children.getLength() == 0 ? null : children.item(0).getTextContent();
  }
}
