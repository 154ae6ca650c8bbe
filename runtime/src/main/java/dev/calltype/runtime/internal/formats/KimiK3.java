package dev.calltype.runtime.internal.formats;

import dev.calltype.runtime.WireFormat;
import dev.calltype.runtime.internal.markup.XmlInvokes;
import dev.calltype.runtime.internal.scan.Config;
import dev.calltype.runtime.internal.scan.MarkerTable;

/**
 * Kimi K3 XTML: {@code <|open|>tools<|sep|><|open|>call tool="N" index="1"<|sep|><|open|>argument key="K"
 * type="string"<|sep|>V<|close|>argument<|sep|>…<|close|>call<|sep|><|close|>tools<|sep|>}; a {@code string} value is raw
 * text, any other type JSON. A call may instead hold its arguments as one JSON object,
 * {@code <|open|>json type="object"<|sep|>{…}<|close|>json<|sep|>}. Attributes are read with {@code &amp;},
 * {@code &quot;} and the other XML character references decoded.
 */
public final class KimiK3 implements Family {

    private static final XmlInvokes.Spec SPEC = XmlInvokes.of(WireFormat.KIMI_K3)
            .section("<|open|>tools<|sep|>", "<|close|>tools<|sep|>")
            .invocation("<|open|>call tool=", "<|close|>call<|sep|>")
            .parameter("<|open|>argument key=", "<|close|>argument<|sep|>")
            .typeAttribute()
            .jsonBlock("<|open|>json", "<|close|>json<|sep|>")
            .build();

    @Override
    public void register(Config cfg, MarkerTable markers) {
        XmlInvokes.addSection(markers, SPEC);
    }
}
