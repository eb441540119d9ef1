// Prints, for each string below, its code points, the bytes of
// DataOutputStream.writeUTF (modified UTF-8 with its 2-byte length) and of the
// "CESU-8" charset, all in hex, one line per string: java_test.go compares
// them with the Go forms. Run as: java JavaForms.java
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.nio.charset.Charset;

public class JavaForms {
    static final String[] STRINGS = {
        "", "A", "\u0000", "a\u0000b", "\u007F", "\u0080", "\u07FF", "\u0800",
        "\uD7FF", "\uE000", "\uFEFF", "\uFFFD", "\uFFFF",
        "\uD800\uDC00", "\uD83D\uDE00", "\uDBFF\uDFFF",
        "caf\u00E9 \u20AC \uD83D\uDE00 \u65E5\u672C \u0000 end",
    };

    static String hex(byte[] b, int from) {
        StringBuilder s = new StringBuilder();
        for (int i = from; i < b.length; i++) s.append(String.format("%02X", b[i] & 0xFF));
        return s.length() == 0 ? "-" : s.toString();
    }

    public static void main(String[] args) throws Exception {
        Charset cesu = Charset.forName("CESU-8");
        for (String s : STRINGS) {
            StringBuilder cps = new StringBuilder();
            s.codePoints().forEach(c -> cps.append(cps.length() == 0 ? "" : ",").append(Integer.toHexString(c)));
            ByteArrayOutputStream buf = new ByteArrayOutputStream();
            new DataOutputStream(buf).writeUTF(s);
            System.out.println((cps.length() == 0 ? "-" : cps) + " " + hex(buf.toByteArray(), 0) + " " + hex(s.getBytes(cesu), 0));
        }
    }
}
